// The PP-OCRv4 models as shipped spend much of their time on arithmetic that can be done once, at
// load time, instead of at every pixel of every run (ADR 0046). Each of their convolutions is
// followed by a "learnable affine block" (a scalar multiply and add), a hard-swish spelled out as four
// element-wise operators (x * clip(x + 3, 0, 6) / 6), and a second affine block. onnxruntime fuses
// none of these, and the scalar adds also make it convert every feature map out of and back into its
// blocked (NCHWc) layout around them. Together that was 40% of a detection pass.
//
// `foldAffineLayers` rewrites a model's graph so that:
//   - a convolution followed by scalar multiplies and adds carries them in its weights and bias;
//   - a hard-swish becomes HardSigmoid and one Mul (onnxruntime runs both in the blocked layout),
//     with the multiply of the affine block after it folded into the convolution too;
//   - a scalar add whose only reader is an unpadded convolution goes into that convolution's bias.
// Every step is exact algebra on the same float32 weights: the folded models give the same outputs as
// the originals to within float rounding (model-folding.test.ts compares them). A scalar add before a
// padded convolution is left where it is: folding it would change what the padding adds at the border.
//
// The rewrite edits the model's protobuf encoding directly with protobufjs's reader and writer. Only
// the fields it changes are decoded (field numbers from the ONNX IR specification); every other field,
// known or not, is copied byte for byte.
import protobuf from 'protobufjs/minimal.js';

/** What the rewrite folded (the tests check it). */
export interface FoldReport {
  /** Scalar multiplies and adds taken into the convolution before them. */
  readonly affine: number;
  /** Hard-swish activations written as HardSigmoid and Mul. */
  readonly hardSwish: number;
  /** Scalar adds taken into the bias of the unpadded convolution after them. */
  readonly intoNextConv: number;
}

// ONNX field numbers (onnx.proto, IR version 3 and later).
const MODEL_GRAPH = 7;
const GRAPH_NODE = 1;
const GRAPH_OUTPUT = 12;
const VALUE_INFO_NAME = 1;
const NODE_INPUT = 1;
const NODE_OUTPUT = 2;
const NODE_NAME = 3;
const NODE_OP_TYPE = 4;
const NODE_ATTRIBUTE = 5;
const ATTRIBUTE_NAME = 1;
const ATTRIBUTE_F = 2;
const ATTRIBUTE_S = 4;
const ATTRIBUTE_T = 5;
const ATTRIBUTE_INTS = 8;
const ATTRIBUTE_TYPE = 20;
const ATTRIBUTE_TYPE_FLOAT = 1;
const TENSOR_DATA_TYPE = 2;
const TENSOR_FLOAT_DATA = 4;
const TENSOR_RAW_DATA = 9;
const TENSOR_TYPE_FLOAT = 1;

const WIRE_VARINT = 0;
const WIRE_FIXED32 = 5;
const WIRE_BYTES = 2;

/** One encoded field of a message: its number, wire type, whole encoding and (length-delimited) payload. */
interface Field {
  readonly number: number;
  readonly wireType: number;
  readonly encoded: Uint8Array;
  readonly payload: Uint8Array | null;
}

/** A message's fields in order, each kept as its bytes. */
function fieldsOf(buffer: Uint8Array): Field[] {
  const reader = protobuf.Reader.create(buffer);
  const fields: Field[] = [];
  while (reader.pos < reader.len) {
    const start = reader.pos;
    const tag = reader.uint32();
    const wireType = tag & 7;
    let payload: Uint8Array | null = null;
    if (wireType === WIRE_BYTES) payload = reader.bytes();
    else reader.skipType(wireType);
    fields.push({ number: tag >>> 3, wireType, encoded: buffer.subarray(start, reader.pos), payload });
  }
  return fields;
}

const utf8 = new TextDecoder();
const stringOf = (field: Field): string => utf8.decode(field.payload ?? new Uint8Array());

/**
 * A reader at the value(s) of a scalar field: over the payload of a packed repeated field, or past
 * the tag of a single value.
 */
function valueReader(field: Field): protobuf.Reader {
  const reader = protobuf.Reader.create(field.payload ?? field.encoded);
  if (!field.payload) reader.uint32(); // the tag
  return reader;
}

/** The values of a repeated int64 field, packed or not (small values: attribute lists). */
function int64sOf(fields: readonly Field[]): number[] {
  const values: number[] = [];
  for (const field of fields) {
    const reader = valueReader(field);
    while (reader.pos < reader.len) values.push(Number(reader.int64().toString()));
  }
  return values;
}

/** A graph node: the fields the rewrite reads, and all of its fields as they were. */
interface GraphNode {
  inputs: string[];
  outputs: string[];
  readonly opType: string;
  readonly fields: readonly Field[];
  /** The node's encoding as read, written back as it is unless it changed. */
  readonly encoded: Uint8Array;
  /** Set when inputs or outputs changed, so the node is encoded again. */
  changed: boolean;
}

function nodeOf(buffer: Uint8Array): GraphNode {
  const fields = fieldsOf(buffer);
  const strings = (number: number) => fields.filter((f) => f.number === number).map(stringOf);
  return {
    inputs: strings(NODE_INPUT),
    outputs: strings(NODE_OUTPUT),
    opType: strings(NODE_OP_TYPE)[0] ?? '',
    fields,
    encoded: buffer,
    changed: false,
  };
}

/** A node's attributes by name, each as its fields. */
function attributesOf(node: GraphNode): Map<string, Field[]> {
  const attributes = new Map<string, Field[]>();
  for (const field of node.fields) {
    if (field.number !== NODE_ATTRIBUTE || !field.payload) continue;
    const inner = fieldsOf(field.payload);
    const name = inner.find((f) => f.number === ATTRIBUTE_NAME);
    if (name) attributes.set(stringOf(name), inner);
  }
  return attributes;
}

/** A float attribute's value (Clip's bounds before opset 11). */
function floatAttribute(node: GraphNode, name: string): number | null {
  const field = attributesOf(node)
    .get(name)
    ?.find((f) => f.number === ATTRIBUTE_F && f.wireType === WIRE_FIXED32);
  return field ? valueReader(field).float() : null;
}

/** The float32 values of a Constant node's tensor, or null when it holds anything else. */
function constantValues(node: GraphNode): Float32Array | null {
  const value = attributesOf(node).get('value');
  const tensorField = value?.find((f) => f.number === ATTRIBUTE_T);
  if (!tensorField?.payload) return null;
  const tensor = fieldsOf(tensorField.payload);
  const dataType = tensor.find((f) => f.number === TENSOR_DATA_TYPE);
  if (!dataType || int64sOf([dataType])[0] !== TENSOR_TYPE_FLOAT) return null;
  const raw = tensor.find((f) => f.number === TENSOR_RAW_DATA);
  if (raw?.payload) {
    const view = new DataView(raw.payload.buffer, raw.payload.byteOffset, raw.payload.byteLength);
    const values = new Float32Array(raw.payload.byteLength >> 2);
    for (let i = 0; i < values.length; i++) values[i] = view.getFloat32(i * 4, true);
    return values;
  }
  const values: number[] = [];
  for (const field of tensor.filter((f) => f.number === TENSOR_FLOAT_DATA)) {
    const reader = valueReader(field);
    while (reader.pos < reader.len) values.push(reader.float());
  }
  return Float32Array.from(values);
}

/** A Constant node's encoding with its tensor's values replaced (kept as little-endian raw data). */
function encodeConstant(node: GraphNode, values: Float32Array): Uint8Array {
  const raw = new Uint8Array(values.length * 4);
  const view = new DataView(raw.buffer);
  values.forEach((v, i) => view.setFloat32(i * 4, v, true));
  const writer = protobuf.Writer.create();
  for (const field of node.fields) {
    if (field.number !== NODE_ATTRIBUTE || !field.payload) {
      writer.raw(field.encoded);
      continue;
    }
    const attribute = protobuf.Writer.create();
    for (const inner of fieldsOf(field.payload)) {
      if (inner.number !== ATTRIBUTE_T || !inner.payload) {
        attribute.raw(inner.encoded);
        continue;
      }
      const tensor = protobuf.Writer.create();
      for (const t of fieldsOf(inner.payload)) {
        if (t.number !== TENSOR_RAW_DATA && t.number !== TENSOR_FLOAT_DATA) tensor.raw(t.encoded);
      }
      tensor.uint32((TENSOR_RAW_DATA << 3) | WIRE_BYTES).bytes(raw);
      attribute.uint32((ATTRIBUTE_T << 3) | WIRE_BYTES).bytes(tensor.finish());
    }
    writer.uint32((NODE_ATTRIBUTE << 3) | WIRE_BYTES).bytes(attribute.finish());
  }
  return writer.finish();
}

/** A writer that has a node's inputs and outputs written. */
function nodeWriter(inputs: readonly string[], outputs: readonly string[]): protobuf.Writer {
  const writer = protobuf.Writer.create();
  for (const input of inputs) writer.uint32((NODE_INPUT << 3) | WIRE_BYTES).string(input);
  for (const output of outputs) writer.uint32((NODE_OUTPUT << 3) | WIRE_BYTES).string(output);
  return writer;
}

/** A node's encoding with its current inputs and outputs and its other fields as they were. */
function encodeNode(node: GraphNode): Uint8Array {
  const writer = nodeWriter(node.inputs, node.outputs);
  for (const field of node.fields) {
    if (field.number !== NODE_INPUT && field.number !== NODE_OUTPUT) writer.raw(field.encoded);
  }
  return writer.finish();
}

/** A new node of the default domain with float attributes. */
function newNode(
  opType: string,
  inputs: string[],
  outputs: string[],
  floats: Record<string, number> = {},
): Uint8Array {
  const writer = nodeWriter(inputs, outputs);
  writer.uint32((NODE_NAME << 3) | WIRE_BYTES).string(`${outputs[0] ?? ''}/${opType}`);
  writer.uint32((NODE_OP_TYPE << 3) | WIRE_BYTES).string(opType);
  for (const [name, value] of Object.entries(floats)) {
    const attribute = protobuf.Writer.create();
    attribute.uint32((ATTRIBUTE_NAME << 3) | WIRE_BYTES).string(name);
    attribute.uint32((ATTRIBUTE_F << 3) | WIRE_FIXED32).float(value);
    attribute.uint32((ATTRIBUTE_TYPE << 3) | WIRE_VARINT).int32(ATTRIBUTE_TYPE_FLOAT);
    writer.uint32((NODE_ATTRIBUTE << 3) | WIRE_BYTES).bytes(attribute.finish());
  }
  return writer.finish();
}

/** The graph being rewritten: its nodes, who reads each tensor, and the Constant values changed. */
class Graph {
  readonly constants = new Map<string, GraphNode>();
  readonly newValues = new Map<string, Float32Array>();
  readonly removed = new Set<GraphNode>();
  /** New nodes to encode in place of an existing one (which is removed). */
  readonly replacements = new Map<GraphNode, Uint8Array[]>();
  private readers = new Map<string, GraphNode[]>();
  /** Constants' values as read, so a scalar looked at by several rules is decoded once. */
  private readonly decoded = new Map<string, Float32Array | null>();

  constructor(
    readonly nodes: GraphNode[],
    private readonly outputs: ReadonlySet<string>,
  ) {
    for (const node of nodes)
      if (node.opType === 'Constant' && node.outputs[0]) this.constants.set(node.outputs[0], node);
    this.indexReaders();
  }

  /** Rebuilds the index of each tensor's readers from the nodes not removed. */
  indexReaders(): void {
    this.readers = new Map();
    for (const node of this.nodes) {
      if (this.removed.has(node)) continue;
      for (const input of node.inputs) {
        const readers = this.readers.get(input);
        if (readers) readers.push(node);
        else this.readers.set(input, [node]);
      }
    }
  }

  /** The nodes reading `tensor` (a graph output counts as a reader no rewrite may remove). */
  readersOf(tensor: string): GraphNode[] {
    return this.outputs.has(tensor) ? [] : (this.readers.get(tensor) ?? []);
  }

  /** The one node reading `tensor`, or null when none or several do, or it is a graph output. */
  onlyReader(tensor: string): GraphNode | null {
    const readers = this.readersOf(tensor);
    return readers.length === 1 ? (readers[0] ?? null) : null;
  }

  /** A Constant's float values (as changed so far), or null when `tensor` is not a float Constant. */
  values(tensor: string): Float32Array | null {
    const known = this.newValues.get(tensor) ?? this.decoded.get(tensor);
    if (known !== undefined) return known;
    const node = this.constants.get(tensor);
    const values = node ? constantValues(node) : null;
    this.decoded.set(tensor, values);
    return values;
  }

  /** The value of a one-element float Constant, or null. */
  scalar(tensor: string | undefined): number | null {
    if (tensor === undefined) return null;
    const values = this.values(tensor);
    return values?.length === 1 ? (values[0] ?? null) : null;
  }

  /** The input of a two-input node that is not `tensor`. */
  static other(node: GraphNode, tensor: string): string | undefined {
    return node.inputs[0] === tensor ? node.inputs[1] : node.inputs[0];
  }

  /** A Conv's float weights and bias when they are Constants read by it alone; else null. */
  convParameters(conv: GraphNode): { weights: Float32Array; bias: Float32Array } | null {
    const [, w, b] = conv.inputs;
    if (conv.opType !== 'Conv' || w === undefined || b === undefined) return null;
    if (this.readersOf(w).length !== 1 || this.readersOf(b).length !== 1) return null;
    const weights = this.values(w);
    const bias = this.values(b);
    if (!weights || !bias || bias.length === 0 || weights.length % bias.length !== 0) return null;
    return { weights, bias };
  }

  setConvParameters(conv: GraphNode, weights: Float32Array, bias: Float32Array): void {
    this.newValues.set(conv.inputs[1] ?? '', weights);
    this.newValues.set(conv.inputs[2] ?? '', bias);
  }
}

/** y = x * scale + shift per element, in place. */
function scaleAndShift(values: Float32Array, scale: number, shift = 0): void {
  for (let i = 0; i < values.length; i++) values[i] = (values[i] ?? 0) * scale + shift;
}

/**
 * The hard-swish reading `y` as the models spell it out (Add 3, Clip 0..6, Mul by y, Div 6), or
 * null: its four nodes, the last one's output, and the scalar multiply after it if there is one.
 */
function hardSwishAfter(
  graph: Graph,
  y: string,
): { nodes: GraphNode[]; output: string; scale: number; scaleNode: GraphNode | null } | null {
  const readers = graph.readersOf(y);
  if (readers.length !== 2) return null;
  const add = readers.find((n) => n.opType === 'Add' && graph.scalar(Graph.other(n, y)) === 3);
  const mul = readers.find((n) => n.opType === 'Mul');
  const clip = add?.outputs[0] === undefined ? null : graph.onlyReader(add.outputs[0]);
  if (!add || !mul || !clip || clip.opType !== 'Clip' || clip.inputs[0] !== add.outputs[0]) return null;
  const low = clip.inputs.length > 1 ? graph.scalar(clip.inputs[1]) : floatAttribute(clip, 'min');
  const high = clip.inputs.length > 2 ? graph.scalar(clip.inputs[2]) : floatAttribute(clip, 'max');
  if (low !== 0 || high !== 6 || Graph.other(mul, y) !== clip.outputs[0] || !mul.outputs[0]) return null;
  const div = graph.onlyReader(mul.outputs[0]);
  if (!div || div.opType !== 'Div' || div.inputs[0] !== mul.outputs[0] || graph.scalar(div.inputs[1]) !== 6)
    return null;
  const output = div.outputs[0];
  if (output === undefined) return null;
  const next = graph.onlyReader(output);
  const scale = next?.opType === 'Mul' ? graph.scalar(Graph.other(next, output)) : null;
  if (next && scale !== null && scale !== 0 && Number.isFinite(scale) && next.outputs[0] !== undefined) {
    return { nodes: [add, clip, mul, div], output: next.outputs[0], scale, scaleNode: next };
  }
  return { nodes: [add, clip, mul, div], output, scale: 1, scaleNode: null };
}

/** Folds the affine blocks and hard-swish around one convolution; counts into `report`. */
function foldAroundConv(graph: Graph, conv: GraphNode, report: { affine: number; hardSwish: number }): void {
  const parameters = graph.convParameters(conv);
  if (!parameters) return;
  const weights = parameters.weights.slice();
  const bias = parameters.bias.slice();
  let changed = false;
  // Scalar multiplies and adds straight after the convolution: y = s * conv(x) + b.
  for (;;) {
    const output = conv.outputs[0];
    const next = output === undefined ? null : graph.onlyReader(output);
    const value = next && output !== undefined ? graph.scalar(Graph.other(next, output)) : null;
    if (!next || value === null || !next.outputs[0] || (next.opType !== 'Mul' && next.opType !== 'Add'))
      break;
    if (next.opType === 'Mul') {
      scaleAndShift(weights, value);
      scaleAndShift(bias, value);
    } else {
      scaleAndShift(bias, 1, value);
    }
    graph.removed.add(next);
    conv.outputs = [next.outputs[0]];
    conv.changed = true;
    changed = true;
    report.affine++;
  }
  const y = conv.outputs[0];
  const swish = y === undefined ? null : hardSwishAfter(graph, y);
  if (y !== undefined && swish) {
    // s * hardswish(y) = (s y) * hardsigmoid(s y; alpha 1 / (6 s), beta 1/2): the scale goes into the
    // convolution and the activation's slope, so the multiply after it disappears.
    scaleAndShift(weights, swish.scale);
    scaleAndShift(bias, swish.scale);
    const gate = `${y}/hard_sigmoid`;
    const last = swish.nodes.at(-1);
    for (const node of swish.nodes) graph.removed.add(node);
    if (swish.scaleNode) graph.removed.add(swish.scaleNode);
    if (last) {
      graph.replacements.set(last, [
        newNode('HardSigmoid', [y], [gate], { alpha: 1 / (6 * swish.scale), beta: 0.5 }),
        newNode('Mul', [y, gate], [swish.output]),
      ]);
    }
    changed = true;
    report.hardSwish++;
  }
  if (changed) {
    graph.setConvParameters(conv, weights, bias);
    graph.indexReaders();
  }
}

/** Whether a Conv pads its input (explicit pads, or an auto_pad other than VALID). */
function pads(conv: GraphNode): boolean {
  const attributes = attributesOf(conv);
  const explicit = attributes.get('pads')?.filter((f) => f.number === ATTRIBUTE_INTS) ?? [];
  const autoPad = attributes.get('auto_pad')?.find((f) => f.number === ATTRIBUTE_S);
  const mode = autoPad ? stringOf(autoPad) : 'NOTSET';
  return int64sOf(explicit).some((p) => p !== 0) || (mode !== 'NOTSET' && mode !== 'VALID');
}

/** Folds a scalar add into the bias of the unpadded convolution that alone reads it. */
function foldIntoNextConv(graph: Graph, add: GraphNode): boolean {
  const output = add.outputs[0];
  if (add.opType !== 'Add' || output === undefined || graph.removed.has(add)) return false;
  const [a, b] = add.inputs;
  const shiftAfter = graph.scalar(b);
  const shift = shiftAfter ?? graph.scalar(a);
  const source = shiftAfter !== null ? a : b;
  const conv = graph.onlyReader(output);
  if (shift === null || source === undefined || !conv || conv.inputs[0] !== output || pads(conv))
    return false;
  const parameters = graph.convParameters(conv);
  if (!parameters) return false;
  // conv(x + c) = conv(x) + c * (sum of each output channel's weights), when no padding is added.
  const bias = parameters.bias.slice();
  const perChannel = parameters.weights.length / bias.length;
  for (let o = 0; o < bias.length; o++) {
    let sum = 0;
    for (let k = 0; k < perChannel; k++) sum += parameters.weights[o * perChannel + k] ?? 0;
    bias[o] = (bias[o] ?? 0) + shift * sum;
  }
  graph.setConvParameters(conv, parameters.weights, bias);
  conv.inputs = [source, ...conv.inputs.slice(1)];
  conv.changed = true;
  graph.removed.add(add);
  graph.indexReaders();
  return true;
}

/**
 * The model `bytes` (an ONNX ModelProto) with its affine blocks and hard-swish activations folded as
 * described above, and what was folded. A model without these patterns comes back unchanged in
 * meaning (its nodes re-encoded). Throws on bytes that are not a protobuf message.
 */
export function foldAffineLayers(bytes: Uint8Array): { bytes: Uint8Array; report: FoldReport } {
  const model = fieldsOf(bytes);
  const graphField = model.find((f) => f.number === MODEL_GRAPH);
  if (!graphField?.payload) return { bytes, report: { affine: 0, hardSwish: 0, intoNextConv: 0 } };
  const graphFields = fieldsOf(graphField.payload);
  const nodes = graphFields
    .filter((f) => f.number === GRAPH_NODE)
    .map((f) => nodeOf(f.payload ?? new Uint8Array()));
  const outputs = new Set(
    graphFields
      .filter((f) => f.number === GRAPH_OUTPUT)
      .flatMap((f) => fieldsOf(f.payload ?? new Uint8Array()).filter((v) => v.number === VALUE_INFO_NAME))
      .map(stringOf),
  );
  const graph = new Graph(nodes, outputs);
  const report = { affine: 0, hardSwish: 0, intoNextConv: 0 };
  // No rule removes a convolution, so each is looked at once.
  for (const node of nodes) if (node.opType === 'Conv') foldAroundConv(graph, node, report);
  for (const node of nodes) if (foldIntoNextConv(graph, node)) report.intoNextConv++;

  // Constants no remaining node reads (the folded scalars) are dropped with the nodes.
  const read = new Set(nodes.filter((n) => !graph.removed.has(n)).flatMap((n) => n.inputs));
  for (const tensor of outputs) read.add(tensor);
  const encodedNodes: Uint8Array[] = [];
  for (const node of nodes) {
    const replacement = graph.replacements.get(node);
    if (replacement) encodedNodes.push(...replacement);
    if (graph.removed.has(node)) continue;
    const output = node.outputs[0] ?? '';
    if (node.opType === 'Constant' && !read.has(output)) continue;
    const values = graph.newValues.get(output);
    if (node.opType === 'Constant' && values) encodedNodes.push(encodeConstant(node, values));
    else if (node.changed) encodedNodes.push(encodeNode(node));
    else encodedNodes.push(node.encoded);
  }

  const graphWriter = protobuf.Writer.create();
  let nodesWritten = false;
  for (const field of graphFields) {
    if (field.number !== GRAPH_NODE) {
      graphWriter.raw(field.encoded);
      continue;
    }
    if (nodesWritten) continue;
    for (const node of encodedNodes) graphWriter.uint32((GRAPH_NODE << 3) | WIRE_BYTES).bytes(node);
    nodesWritten = true;
  }
  const modelWriter = protobuf.Writer.create();
  for (const field of model) {
    if (field.number === MODEL_GRAPH)
      modelWriter.uint32((MODEL_GRAPH << 3) | WIRE_BYTES).bytes(graphWriter.finish());
    else modelWriter.raw(field.encoded);
  }
  return { bytes: modelWriter.finish(), report };
}

/** The op type of each node of a model, in order (for the tests and for looking at a model). */
export function opTypesOf(bytes: Uint8Array): string[] {
  const graph = fieldsOf(bytes).find((f) => f.number === MODEL_GRAPH);
  if (!graph?.payload) return [];
  return fieldsOf(graph.payload)
    .filter((f) => f.number === GRAPH_NODE)
    .map((f) => nodeOf(f.payload ?? new Uint8Array()).opType);
}
