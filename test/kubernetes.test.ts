/**
 * The Kubernetes manifests (deploy/kubernetes) as a cluster takes them: rendered by
 * `kubectl kustomize`, every object checked against the Kubernetes schemas (kubernetes-models'
 * validators: types, required fields, formats such as quantities; and its TypeScript types, which
 * refuse a field that does not exist, as `kubectl apply` does), then against the platform: each
 * service has a Deployment, Service, PodDisruptionBudget and HorizontalPodAutoscaler, listens where
 * its Service sends traffic, its probes answer on a started service, every key and password comes
 * from the Secret by reference, and every variable set is one a service reads.
 */
import { execFile, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { Deployment, type IDeployment } from 'kubernetes-models/apps/v1'
import { HorizontalPodAutoscaler, type IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2'
import { CronJob, type ICronJob, type IJob, Job } from 'kubernetes-models/batch/v1'
import { type IPodDisruptionBudget, PodDisruptionBudget } from 'kubernetes-models/policy/v1'
import { ConfigMap, type IConfigMap, type IService, Service } from 'kubernetes-models/v1'
import type { IIoK8sApiCoreV1Container as Container } from 'kubernetes-models/v1/Container'
import type { IIoK8sApiCoreV1PodSpec as PodSpec } from 'kubernetes-models/v1/PodSpec'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseAllDocuments } from 'yaml'
import { commonSpec, parseEnv } from '../src/kit/config.ts'
import { createLogger } from '../src/kit/logger.ts'
import { portVariable } from '../src/kit/service.ts'
import { QUIET_START } from '../src/services/documents.ts'
import { services } from '../src/services/index.ts'
import { haveSharedData } from './domain/fixtures.ts'

const run = promisify(execFile)
const root = resolve(import.meta.dirname, '..')
const haveKubectl = spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status === 0
// .ci/run installs kubectl; on a developer's machine without it the suite is skipped.
if (!haveKubectl && process.env.CI === 'true') throw new Error('kubectl is missing (.ci/run installs it)')

/** Each kind the manifests may hold, with its model (the validator) and its TypeScript type's module. */
const MODELS = {
  'v1/ConfigMap': { model: ConfigMap, type: ['IConfigMap', 'kubernetes-models/v1'] },
  'v1/Service': { model: Service, type: ['IService', 'kubernetes-models/v1'] },
  'apps/v1/Deployment': { model: Deployment, type: ['IDeployment', 'kubernetes-models/apps/v1'] },
  'policy/v1/PodDisruptionBudget': {
    model: PodDisruptionBudget,
    type: ['IPodDisruptionBudget', 'kubernetes-models/policy/v1'],
  },
  'autoscaling/v2/HorizontalPodAutoscaler': {
    model: HorizontalPodAutoscaler,
    type: ['IHorizontalPodAutoscaler', 'kubernetes-models/autoscaling/v2'],
  },
  'batch/v1/Job': { model: Job, type: ['IJob', 'kubernetes-models/batch/v1'] },
  'batch/v1/CronJob': { model: CronJob, type: ['ICronJob', 'kubernetes-models/batch/v1'] },
} as const

type K8sObject = (
  | IConfigMap
  | IService
  | IDeployment
  | IPodDisruptionBudget
  | IHorizontalPodAutoscaler
  | IJob
  | ICronJob
) & {
  metadata: { name: string }
}

/** Variables holding a key, a password or a URL that may carry one: only ever from the Secret. */
const SENSITIVE = /^(DATABASE_URL|REDIS_URL)$|_KEY$|_SECRET$|PASSWORD|TOKEN/
/** Variables set for the runtime rather than read by a service. */
const RUNTIME_VARIABLES = new Set(['HOME'])

describe.skipIf(!haveKubectl)('deploy/kubernetes', () => {
  let objects: K8sObject[] = []
  const find = <T>(kind: string, name: string) =>
    objects.find((o) => o.kind === kind && o.metadata.name === name) as T | undefined

  beforeAll(async () => {
    const { stdout } = await run('kubectl', ['kustomize', join(root, 'deploy/kubernetes')], {
      maxBuffer: 16 * 1024 * 1024,
    })
    objects = parseAllDocuments(stdout).map((d) => d.toJS() as K8sObject)
  }, 60_000)

  it('renders every object of a kind the Kubernetes schemas describe, and each validates', () => {
    expect(objects.length).toBeGreaterThan(0)
    const problems: string[] = []
    for (const o of objects) {
      const known = MODELS[`${o.apiVersion}/${o.kind}` as keyof typeof MODELS]
      if (!known) {
        problems.push(`${o.kind} ${o.metadata.name}: ${o.apiVersion}/${o.kind} is not a kind checked here`)
        continue
      }
      try {
        new known.model(o as never).validate()
      } catch (error) {
        problems.push(`${o.kind} ${o.metadata.name}: ${(error as Error).message}`)
      }
    }
    expect(problems).toEqual([])
  })

  it('names no field the Kubernetes API does not have (a misspelt field is refused by the API server)', async () => {
    // Each object as an object literal of its model's type: the compiler refuses excess properties.
    const dir = mkdtempSync(join(root, 'node_modules', '.cache-k8s-'))
    try {
      const imports = new Map<string, Set<string>>()
      const lines = objects.map((o, i) => {
        const [type, from] = MODELS[`${o.apiVersion}/${o.kind}` as keyof typeof MODELS].type
        imports.set(from, (imports.get(from) ?? new Set()).add(type))
        return `export const o${i}: ${type} = ${JSON.stringify(o)}`
      })
      const head = [...imports].map(
        ([from, types]) => `import type { ${[...types].join(', ')} } from '${from}'`,
      )
      writeFileSync(join(dir, 'objects.ts'), [...head, ...lines].join('\n'))
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            module: 'nodenext',
            moduleResolution: 'nodenext',
            skipLibCheck: true,
            types: [],
          },
          files: ['objects.ts'],
        }),
      )
      const tsc = await run(process.execPath, [
        join(root, 'node_modules/typescript/bin/tsc'),
        '-p',
        dir,
      ]).then(
        () => '',
        (error: { stdout?: string }) => error.stdout ?? String(error),
      )
      expect(tsc).toBe('')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)

  it('has a Deployment, Service, PodDisruptionBudget and HorizontalPodAutoscaler for each service, joined up', () => {
    for (const service of services) {
      const name = `gatehouse-${service.name}`
      const deployment = find<IDeployment>('Deployment', name)
      const svc = find<IService>('Service', name)
      const pdb = find<IPodDisruptionBudget>('PodDisruptionBudget', name)
      const hpa = find<IHorizontalPodAutoscaler>('HorizontalPodAutoscaler', name)
      expect(
        [deployment, svc, pdb, hpa].map((o) => o?.kind),
        service.name,
      ).toEqual(['Deployment', 'Service', 'PodDisruptionBudget', 'HorizontalPodAutoscaler'])
      const pods = deployment!.spec!.template.metadata!.labels!
      const container = serviceContainer(deployment!.spec!.template.spec!, service.name)
      // The Service sends to the pods on the port the service listens on.
      expect(selects(svc!.spec!.selector!, pods), `${name} Service selector`).toBe(true)
      expect(selects(pdb!.spec!.selector!.matchLabels!, pods), `${name} PDB selector`).toBe(true)
      expect(selects(deployment!.spec!.selector.matchLabels!, pods)).toBe(true)
      expect(svc!.spec!.ports![0]!.targetPort).toBe('http')
      expect(container.ports).toContainEqual(
        expect.objectContaining({ name: 'http', containerPort: service.defaultPort }),
      )
      expect(plainEnv(container)[portVariable(service.name)]).toBe(String(service.defaultPort))
      expect(container.command).toEqual(['node', 'bin/gatehouse.js', 'serve', service.name])
      // The autoscaler owns the replica count; it keeps two, so the budget allows one down.
      expect(deployment!.spec!.replicas).toBeUndefined()
      expect(hpa!.spec!.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name })
      expect(hpa!.spec!.minReplicas).toBeGreaterThanOrEqual(2)
      expect(pdb!.spec!.maxUnavailable).toBe(1)
      // Sized: CPU and memory requested, memory bounded (docs/operations.md).
      expect(container.resources?.requests).toMatchObject({
        cpu: expect.anything(),
        memory: expect.anything(),
      })
      expect(container.resources?.limits).toMatchObject({ memory: expect.anything() })
      for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe'] as const)
        expect(container[probe]?.httpGet?.port, `${name} ${probe}`).toBe('http')
    }
  })

  it('runs the migrations in a Job of one pod, and in every service pod before it serves', () => {
    const job = find<IJob>('Job', 'gatehouse-migrate')
    expect(job?.spec).toMatchObject({ parallelism: 1, completions: 1 })
    expect(job!.spec!.template.spec!.containers[0]!.command).toEqual(['node', 'bin/gatehouse.js', 'migrate'])
    for (const deployment of objects.filter((o): o is IDeployment & K8sObject => o.kind === 'Deployment')) {
      const pod = deployment.spec!.template.spec!
      const container = pod.containers[0]!
      // A service with a database migrates (and waits on the migration lock) before it starts.
      if (secretEnv(container).has('DATABASE_URL'))
        expect(pod.initContainers?.[0]?.command, deployment.metadata.name).toEqual([
          'node',
          'bin/gatehouse.js',
          'migrate',
        ])
    }
  })

  it('runs the list update one at a time, never in every AML pod', () => {
    const cron = find<ICronJob>('CronJob', 'gatehouse-aml-update')
    expect(cron?.spec?.concurrencyPolicy).toBe('Forbid')
    expect(cron!.spec!.jobTemplate.spec!.parallelism).toBe(1)
    expect(cron!.spec!.jobTemplate.spec!.template.spec!.containers[0]!.command).toEqual([
      'node',
      'bin/gatehouse.js',
      'aml',
      'update',
    ])
    expect(configMap().AML_LISTS_DIR).toBe('none')
  })

  it('takes every key and password from the Secret by reference, and holds no Secret itself', () => {
    expect(objects.filter((o) => (o.kind as string) === 'Secret')).toEqual([])
    const problems: string[] = []
    for (const key of Object.keys(configMap()))
      if (SENSITIVE.test(key)) problems.push(`ConfigMap: ${key} has a value`)
    for (const [owner, container] of containers()) {
      for (const entry of container.env ?? []) {
        if (SENSITIVE.test(entry.name) && entry.value !== undefined)
          problems.push(`${owner}: ${entry.name} has a value`)
        const ref = entry.valueFrom?.secretKeyRef
        if (ref && (ref.name !== 'gatehouse-secrets' || ref.key !== entry.name))
          problems.push(`${owner}: ${entry.name} from ${ref.name}/${ref.key}`)
      }
    }
    expect(problems).toEqual([])
    // PostgreSQL and Redis by URL, required: a pod without them would fall back to a local SQLite.
    for (const service of services) {
      const container = serviceContainer(
        find<IDeployment>('Deployment', `gatehouse-${service.name}`)!.spec!.template.spec!,
        service.name,
      )
      const secrets = secretEnv(container)
      expect(secrets.get('REDIS_URL'), service.name).toBe(false)
      if (service.name !== 'discovery') expect(secrets.get('DATABASE_URL'), service.name).toBe(false)
    }
  })

  it('sets only variables the services read, with values each service accepts', () => {
    const config = configMap()
    const problems: string[] = []
    for (const [owner, container, service] of containers()) {
      const read = new Set(service ? Object.keys(service.spec) : services.flatMap((s) => Object.keys(s.spec)))
      const set = { ...config, ...plainEnv(container) }
      for (const name of [...Object.keys(set), ...secretEnv(container).keys()])
        if (!RUNTIME_VARIABLES.has(name) && !services.some((s) => name in s.spec))
          problems.push(`${owner}: ${name} is read by no service`)
      for (const name of secretEnv(container).keys())
        if (service && !read.has(name)) problems.push(`${owner}: ${name} is not read by ${service.name}`)
      // The Secret's values are the operator's; stand-ins of the right form.
      const secrets = Object.fromEntries(
        [...secretEnv(container).keys()].map((name) => [
          name,
          name === 'DATABASE_URL'
            ? 'postgres://gatehouse:secret@postgres:5432/gatehouse'
            : name === 'REDIS_URL'
              ? 'redis://:secret@redis:6379'
              : 'a-long-random-value-from-the-secret',
        ]),
      )
      // A job's command (migrate, aml update) reads the common variables.
      try {
        parseEnv(service ? service.spec : commonSpec, { ...set, ...secrets })
      } catch (error) {
        problems.push(`${owner}: ${(error as Error).message}`)
      }
    }
    expect(problems).toEqual([])
  })

  // The domain service reads the shared registry gazetteer at start.
  describe.skipIf(!haveSharedData)('probes', () => {
    const started = new Map<
      string,
      { inject: (path: string) => Promise<number>; close: () => Promise<void> }
    >()
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-k8s-probes-'))
    const logger = createLogger({ level: 'silent' })
    let startFailure: unknown

    beforeAll(async () => {
      startFailure = await startAll().then(
        () => undefined,
        (error: unknown) => error,
      )
    }, 300_000)

    async function startAll(): Promise<void> {
      for (const service of services) {
        const dataDir = join(dir, service.name)
        mkdirSync(dataDir)
        const config = parseEnv(service.spec, { ...QUIET_START, DATA_DIR: dataDir })
        const running = await service.start(config, { logger })
        started.set(service.name, {
          inject: async (url) => (await running.app.inject({ url })).statusCode,
          close: async () => {
            await running.app.close()
            await running.close?.()
          },
        })
      }
    }

    afterAll(async () => {
      for (const s of started.values()) await s.close()
      rmSync(dir, { recursive: true, force: true })
    })

    it('ask routes that answer: liveness 200 on a started service, readiness 200 or 503 (never a 404)', async () => {
      // Not started is a failure, never a skip.
      if (startFailure) throw startFailure
      const problems: string[] = []
      for (const service of services) {
        const container = serviceContainer(
          find<IDeployment>('Deployment', `gatehouse-${service.name}`)!.spec!.template.spec!,
          service.name,
        )
        const app = started.get(service.name)!
        for (const probe of ['startupProbe', 'livenessProbe'] as const) {
          const path = container[probe]!.httpGet!.path!
          const status = await app.inject(path)
          if (status !== 200) problems.push(`${service.name} ${probe} ${path}: ${status}`)
        }
        const path = container.readinessProbe!.httpGet!.path!
        const status = await app.inject(path)
        // Not ready is a 503 (AML without lists); a route that does not exist would never be ready.
        if (status !== 200 && status !== 503)
          problems.push(`${service.name} readinessProbe ${path}: ${status}`)
      }
      expect(problems).toEqual([])
    })
  })

  function configMap(): Record<string, string> {
    const maps = objects.filter((o): o is IConfigMap & K8sObject => o.kind === 'ConfigMap')
    expect(maps.map((m) => m.metadata.name)).toEqual([expect.stringMatching(/^gatehouse-config-/)])
    return maps[0]!.data ?? {}
  }

  /** Every container of every workload, with the service it runs (none for jobs). */
  function containers(): Array<[string, Container, (typeof services)[number] | undefined]> {
    const out: Array<[string, Container, (typeof services)[number] | undefined]> = []
    for (const o of objects) {
      const pod =
        o.kind === 'Deployment'
          ? (o as IDeployment).spec!.template.spec!
          : o.kind === 'Job'
            ? (o as IJob).spec!.template.spec!
            : o.kind === 'CronJob'
              ? (o as ICronJob).spec!.jobTemplate.spec!.template.spec!
              : undefined
      if (!pod) continue
      for (const c of [...(pod.initContainers ?? []), ...pod.containers]) {
        const service = o.kind === 'Deployment' ? services.find((s) => s.name === c.name) : undefined
        out.push([`${o.kind} ${o.metadata.name} ${c.name}`, c, service])
      }
    }
    return out
  }
})

function serviceContainer(pod: PodSpec, name: string): Container {
  const container = pod.containers.find((c) => c.name === name)
  if (!container) throw new Error(`no container ${name}`)
  return container
}

function selects(selector: Record<string, string>, labels: Record<string, string>): boolean {
  return Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels[k] === v)
}

function plainEnv(container: Container): Record<string, string> {
  return Object.fromEntries(
    (container.env ?? []).filter((e) => e.value !== undefined).map((e) => [e.name, e.value!]),
  )
}

/** The variables taken from a Secret, each with whether it may be missing. */
function secretEnv(container: Container): Map<string, boolean> {
  return new Map(
    (container.env ?? [])
      .filter((e) => e.valueFrom?.secretKeyRef)
      .map((e) => [e.name, e.valueFrom!.secretKeyRef!.optional === true]),
  )
}
