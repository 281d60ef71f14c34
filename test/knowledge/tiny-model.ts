/**
 * Writes a tiny BERT-shaped sentence model to a folder, in the layout Hugging Face models ship in
 * (config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx), so the `transformers`
 * embedder is tested offline, for real, through @huggingface/transformers and onnxruntime-node.
 *
 * The model is one Gather: token id → a fixed 16-dimensional embedding (last_hidden_state); the
 * pipeline mean-pools and normalises. Embeddings are deterministic: each vocabulary word has its
 * own pseudo-random direction, and words of one "topic" share a component, so texts about the same
 * topic are closer than unrelated ones. The ONNX protobuf is encoded by hand (a few message types).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

// ---------- protobuf encoding ----------

function varint(value: number | bigint): number[] {
  let v = BigInt(value)
  const out: number[] = []
  do {
    let byte = Number(v & 0x7fn)
    v >>= 7n
    if (v > 0n) byte |= 0x80
    out.push(byte)
  } while (v > 0n)
  return out
}

const key = (field: number, wire: number) => varint((field << 3) | wire)
const int = (field: number, value: number | bigint) => [...key(field, 0), ...varint(value)]
const bytes = (field: number, data: Uint8Array | number[]) => [
  ...key(field, 2),
  ...varint(data.length),
  ...data,
]
const str = (field: number, s: string) => bytes(field, [...Buffer.from(s, 'utf8')])
const msg = (field: number, body: number[]) => bytes(field, body)

const FLOAT = 1
const INT64 = 7

function tensorType(elemType: number, dims: Array<number | string>): number[] {
  const shape = dims.flatMap((d) => msg(1, typeof d === 'number' ? int(1, d) : str(2, d)))
  return msg(1, [...int(1, elemType), ...msg(2, shape)])
}

function valueInfo(name: string, elemType: number, dims: Array<number | string>): number[] {
  return [...str(1, name), ...msg(2, tensorType(elemType, dims))]
}

export const TINY_DIM = 16

const TINY_VOCAB_TOPICS: Record<string, string[]> = {
  property: ['byt', 'dum', 'pozemek', 'katastr', 'nemovitost', 'property', 'flat', 'house', 'cadastre'],
  money: ['penize', 'hotovost', 'platba', 'banka', 'money', 'cash', 'payment', 'bank', 'transfer'],
  people: ['klient', 'osoba', 'majitel', 'client', 'person', 'owner', 'customer', 'zakaznik'],
}

function rng(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0
    return s / 0x100000000 - 0.5
  }
}

export function writeTinyModel(dir: string): { vocab: string[] } {
  mkdirSync(join(dir, 'onnx'), { recursive: true })
  const special = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]']
  const words = Object.values(TINY_VOCAB_TOPICS).flat()
  const vocab = [...special, ...words, 'a', 'the', 'je', 'and']
  const random = rng(42)
  const weights = new Float32Array(vocab.length * TINY_DIM)
  const topicOf = new Map<string, number>()
  Object.values(TINY_VOCAB_TOPICS).forEach((ws, t) => {
    for (const w of ws) topicOf.set(w, t)
  })
  vocab.forEach((word, i) => {
    for (let d = 0; d < TINY_DIM; d++) weights[i * TINY_DIM + d] = random() * 0.3
    const topic = topicOf.get(word)
    if (topic !== undefined) weights[i * TINY_DIM + topic]! += 1 // the shared topic component
  })

  const initializer = [
    ...int(1, vocab.length),
    ...int(1, TINY_DIM),
    ...int(2, FLOAT),
    ...str(8, 'embeddings'),
    ...bytes(9, [...new Uint8Array(weights.buffer)]),
  ]
  const node = [
    ...str(1, 'embeddings'),
    ...str(1, 'input_ids'),
    ...str(2, 'last_hidden_state'),
    ...str(3, 'gather'),
    ...str(4, 'Gather'),
  ]
  const graph = [
    ...msg(1, node),
    ...str(2, 'tiny-sentence-model'),
    ...msg(5, initializer),
    ...msg(11, valueInfo('input_ids', INT64, ['batch', 'sequence'])),
    ...msg(11, valueInfo('attention_mask', INT64, ['batch', 'sequence'])),
    ...msg(12, valueInfo('last_hidden_state', FLOAT, ['batch', 'sequence', TINY_DIM])),
  ]
  const model = [
    ...int(1, 8),
    ...str(2, 'gatehouse-tests'),
    ...msg(7, graph),
    ...msg(8, [...str(1, ''), ...int(2, 13)]),
  ]
  writeFileSync(join(dir, 'onnx', 'model.onnx'), new Uint8Array(model))

  writeFileSync(
    join(dir, 'config.json'),
    JSON.stringify({
      model_type: 'bert',
      architectures: ['BertModel'],
      hidden_size: TINY_DIM,
      vocab_size: vocab.length,
    }),
  )
  writeFileSync(
    join(dir, 'tokenizer_config.json'),
    JSON.stringify({
      tokenizer_class: 'BertTokenizer',
      do_lower_case: true,
      model_max_length: 128,
      strip_accents: true,
      pad_token: '[PAD]',
      unk_token: '[UNK]',
      cls_token: '[CLS]',
      sep_token: '[SEP]',
      mask_token: '[MASK]',
    }),
  )
  const ids = Object.fromEntries(vocab.map((w, i) => [w, i]))
  writeFileSync(
    join(dir, 'tokenizer.json'),
    JSON.stringify({
      version: '1.0',
      truncation: null,
      padding: null,
      added_tokens: special.map((content, id) => ({
        id,
        content,
        single_word: false,
        lstrip: false,
        rstrip: false,
        normalized: false,
        special: true,
      })),
      normalizer: {
        type: 'BertNormalizer',
        clean_text: true,
        handle_chinese_chars: true,
        strip_accents: true,
        lowercase: true,
      },
      pre_tokenizer: { type: 'BertPreTokenizer' },
      post_processor: {
        type: 'TemplateProcessing',
        single: [
          { SpecialToken: { id: '[CLS]', type_id: 0 } },
          { Sequence: { id: 'A', type_id: 0 } },
          { SpecialToken: { id: '[SEP]', type_id: 0 } },
        ],
        pair: [
          { SpecialToken: { id: '[CLS]', type_id: 0 } },
          { Sequence: { id: 'A', type_id: 0 } },
          { SpecialToken: { id: '[SEP]', type_id: 0 } },
          { Sequence: { id: 'B', type_id: 1 } },
          { SpecialToken: { id: '[SEP]', type_id: 1 } },
        ],
        special_tokens: {
          '[CLS]': { id: '[CLS]', ids: [2], tokens: ['[CLS]'] },
          '[SEP]': { id: '[SEP]', ids: [3], tokens: ['[SEP]'] },
        },
      },
      decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
      model: {
        type: 'WordPiece',
        unk_token: '[UNK]',
        continuing_subword_prefix: '##',
        max_input_chars_per_word: 100,
        vocab: ids,
      },
    }),
  )
  return { vocab }
}
