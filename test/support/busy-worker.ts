/** A worker task for the offload tests: `spin` never returns (a hostile parse), else it echoes. */
export default async function busy(task: { spin?: boolean; echo?: unknown }): Promise<unknown> {
  if (task.spin) for (;;) {}
  return task.echo
}
