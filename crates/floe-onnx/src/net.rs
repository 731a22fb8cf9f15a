//! A network read from an ONNX file, compiled to a list of steps over fixed buffers.
//!
//! A value of the graph is either a constant (an initializer, a `Constant` node, or an
//! operation on constants, worked out once here) or an activation: a row of numbers for
//! the one position asked about (a batch of one). Each activation gets a buffer of its
//! own, sized here; [`Net::run`] fills them in order and allocates nothing.

use std::collections::HashMap;

use crate::ops::{Binary, Unary};
use crate::proto::{self, AttributeProto, GraphProto, NodeProto, TensorProto, ValueInfoProto};

/// Where a step reads a value: an activation's buffer or a constant.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Operand {
    Slot(usize),
    Const(usize),
}

/// One operation of a compiled network. Every step writes its own buffer (`out`), which
/// no earlier step wrote.
#[derive(Clone, Debug, PartialEq)]
enum Step {
    /// `out = alpha * x · W (+ beta * c)`, `W` a constant of `k` rows and `n` columns
    /// (stored `n` by `k` when `transposed`), `c` broadcast over the `n` outputs.
    Dense {
        x: usize,
        w: usize,
        k: usize,
        n: usize,
        transposed: bool,
        alpha: f32,
        bias: Option<(usize, f32)>,
        out: usize,
    },
    /// Element by element, a value of one element broadcast over the other's.
    Binary {
        op: Binary,
        a: Operand,
        b: Operand,
        out: usize,
    },
    Unary {
        op: Unary,
        x: usize,
        out: usize,
    },
    /// Softmax (or its logarithm) over the whole row.
    Softmax {
        x: usize,
        out: usize,
        log: bool,
    },
    /// The parts laid end to end.
    Concat {
        parts: Vec<Operand>,
        out: usize,
    },
}

/// A graph input: its name, the length of the row it takes and its declared shape.
#[derive(Clone, Debug, PartialEq)]
pub struct Port {
    /// The input's or output's name in the graph.
    pub name: String,
    /// How many numbers it holds for one position.
    pub len: usize,
    /// Its shape as the file declares it (`1`, `batch` or `?` for the batch axis).
    pub shape: String,
}

/// A network ready to run: its inputs, its first output, its constants and its steps.
#[derive(Debug, PartialEq)]
pub struct Net {
    inputs: Vec<Port>,
    output: Port,
    out: Operand,
    consts: Vec<Vec<f32>>,
    steps: Vec<Step>,
    /// The length of each activation's buffer; the inputs' come first.
    slots: Vec<usize>,
}

/// The buffers one caller runs a [`Net`] in: made once, reused for every position.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    values: Vec<Vec<f32>>,
}

/// A value of the graph while it is compiled.
#[derive(Clone, Copy, Debug)]
struct Value {
    at: Operand,
    len: usize,
}

/// The operators Floe runs, as the refusal of another lists them.
pub const OPERATORS: &str = "Gemm, MatMul, Add, Sub, Mul, Div, Relu, LeakyRelu, Tanh, \
                             Sigmoid, Exp, Neg, Softmax, LogSoftmax, Concat, Constant, \
                             Identity, Dropout, Flatten, Reshape, Squeeze and Unsqueeze";

impl Net {
    /// Compiles the model of an ONNX file's bytes.
    ///
    /// # Errors
    /// Says what does not fit, naming the node, tensor or input: bytes that are not an
    /// ONNX model, an operator Floe does not run ([`OPERATORS`]), an input that is not a
    /// row of float32 numbers, shapes that do not chain.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, String> {
        let model = proto::decode(bytes).map_err(|e| format!("it is not an ONNX model ({e})"))?;
        let graph = model
            .graph
            .ok_or_else(|| "it is not an ONNX model (it holds no graph)".to_string())?;
        Compiler::default().compile(&graph)
    }

    /// Returns the graph's inputs, in order.
    pub fn inputs(&self) -> &[Port] {
        &self.inputs
    }

    /// Returns the graph's first output, the one Floe reads.
    pub fn output(&self) -> &Port {
        &self.output
    }

    /// Returns buffers to run the network in.
    pub fn scratch(&self) -> Scratch {
        Scratch {
            values: self.slots.iter().map(|&n| vec![0.0; n]).collect(),
        }
    }

    /// Runs the network on `inputs` (one row per graph input, in order, each of its
    /// length) and returns its first output's row, in `scratch`.
    ///
    /// # Panics
    /// Panics if `inputs` does not match [`Net::inputs`] or `scratch` was made by another
    /// network: the callers check the shapes once, before any game.
    pub fn run<'s>(&'s self, scratch: &'s mut Scratch, inputs: &[&[f32]]) -> &'s [f32] {
        assert_eq!(inputs.len(), self.inputs.len(), "one row per graph input");
        for (i, row) in inputs.iter().enumerate() {
            scratch.values[i].copy_from_slice(row);
        }
        for step in &self.steps {
            self.step(step, &mut scratch.values);
        }
        match self.out {
            Operand::Slot(s) => &scratch.values[s],
            Operand::Const(c) => &self.consts[c],
        }
    }

    /// Carries out `step`, writing its buffer (taken out of `values` while it is written,
    /// which moves no numbers and allocates nothing).
    fn step(&self, step: &Step, values: &mut [Vec<f32>]) {
        let out_slot = match step {
            Step::Dense { out, .. }
            | Step::Binary { out, .. }
            | Step::Unary { out, .. }
            | Step::Softmax { out, .. }
            | Step::Concat { out, .. } => *out,
        };
        let mut out = std::mem::take(&mut values[out_slot]);
        let read = |o: Operand| -> &[f32] {
            match o {
                Operand::Slot(s) => &values[s],
                Operand::Const(c) => &self.consts[c],
            }
        };
        match step {
            Step::Dense {
                x,
                w,
                k,
                n,
                transposed,
                alpha,
                bias,
                ..
            } => dense(
                &values[*x],
                &self.consts[*w],
                (*k, *n, *transposed, *alpha),
                bias.map(|(c, beta)| (self.consts[c].as_slice(), beta)),
                &mut out,
            ),
            Step::Binary { op, a, b, .. } => op.apply(read(*a), read(*b), &mut out),
            Step::Unary { op, x, .. } => {
                for (o, &v) in out.iter_mut().zip(&values[*x]) {
                    *o = op.apply(v);
                }
            }
            Step::Softmax { x, log, .. } => softmax(&values[*x], *log, &mut out),
            Step::Concat { parts, .. } => {
                let mut at = 0;
                for &p in parts {
                    let part = read(p);
                    out[at..at + part.len()].copy_from_slice(part);
                    at += part.len();
                }
            }
        }
        values[out_slot] = out;
    }
}

/// `out = alpha * x · W (+ beta * c)` for `W` of `k` rows and `n` columns.
fn dense(
    x: &[f32],
    w: &[f32],
    (k, n, transposed, alpha): (usize, usize, bool, f32),
    bias: Option<(&[f32], f32)>,
    out: &mut [f32],
) {
    if transposed {
        for (j, o) in out.iter_mut().enumerate() {
            *o = alpha * dot(&w[j * k..(j + 1) * k], x);
        }
    } else {
        out.fill(0.0);
        for (i, &xi) in x.iter().enumerate() {
            for (o, &wij) in out.iter_mut().zip(&w[i * n..(i + 1) * n]) {
                *o += xi * wij;
            }
        }
        if alpha != 1.0 {
            out.iter_mut().for_each(|o| *o *= alpha);
        }
    }
    if let Some((c, beta)) = bias {
        for (j, o) in out.iter_mut().enumerate() {
            *o += beta * c[if c.len() == 1 { 0 } else { j }];
        }
    }
}

/// The dot product of `a` and `b`, summed in eight lanes so that the compiler can use
/// vector instructions (a plain sum must add in order, one product at a time).
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut lanes = [0.0f32; 8];
    let (a8, b8) = (a.chunks_exact(8), b.chunks_exact(8));
    let tail: f32 = a8
        .remainder()
        .iter()
        .zip(b8.remainder())
        .map(|(x, y)| x * y)
        .sum();
    for (x, y) in a8.zip(b8) {
        for i in 0..8 {
            lanes[i] += x[i] * y[i];
        }
    }
    lanes.iter().sum::<f32>() + tail
}

/// The softmax of `x` (its logarithm with `log`), computed from the row's largest value
/// so that no exponential overflows.
fn softmax(x: &[f32], log: bool, out: &mut [f32]) {
    let top = x.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let sum: f32 = x.iter().map(|&v| (v - top).exp()).sum();
    for (o, &v) in out.iter_mut().zip(x) {
        *o = if log {
            v - top - sum.ln()
        } else {
            (v - top).exp() / sum
        };
    }
}

/// The state of compiling a graph: its values by name, the constants, the buffers and
/// steps so far.
#[derive(Default)]
struct Compiler {
    values: HashMap<String, Value>,
    consts: Vec<Vec<f32>>,
    /// Each constant's shape, as its tensor gives it.
    dims: Vec<Vec<usize>>,
    slots: Vec<usize>,
    steps: Vec<Step>,
}

impl Compiler {
    fn compile(mut self, graph: &GraphProto) -> Result<Net, String> {
        for t in &graph.initializer {
            let (data, dims) = tensor(t)?;
            self.add_const(&t.name, data, dims);
        }
        let mut inputs = Vec::new();
        // A graph made by an old exporter lists its initializers among its inputs too.
        for info in &graph.input {
            if self.values.contains_key(&info.name) {
                continue;
            }
            let port = port(info, "input")?;
            let slot = self.slot(port.len);
            self.values.insert(
                port.name.clone(),
                Value {
                    at: Operand::Slot(slot),
                    len: port.len,
                },
            );
            inputs.push(port);
        }
        if inputs.is_empty() {
            return Err("its graph takes no input".into());
        }
        for node in &graph.node {
            self.node(node)?;
        }
        let info = graph
            .output
            .first()
            .ok_or_else(|| "its graph gives no output".to_string())?;
        let output = port(info, "output")?;
        let value = self.value(&output.name, "the graph's output")?;
        if value.len != output.len {
            return Err(format!(
                "output {} is declared {} but its nodes give {} values",
                quoted(&output.name),
                output.shape,
                value.len
            ));
        }
        Ok(Net {
            inputs,
            output,
            out: value.at,
            consts: self.consts,
            steps: self.steps,
            slots: self.slots,
        })
    }

    fn add_const(&mut self, name: &str, data: Vec<f32>, dims: Vec<usize>) -> Value {
        let value = Value {
            at: Operand::Const(self.consts.len()),
            len: data.len(),
        };
        self.consts.push(data);
        self.dims.push(dims);
        self.values.insert(name.to_string(), value);
        value
    }

    fn slot(&mut self, len: usize) -> usize {
        self.slots.push(len);
        self.slots.len() - 1
    }

    fn value(&self, name: &str, of: &str) -> Result<Value, String> {
        self.values
            .get(name)
            .copied()
            .ok_or_else(|| format!("{of} reads {}, which no node gives", quoted(name)))
    }

    /// Adds the steps of `node`, or refuses it.
    fn node(&mut self, node: &NodeProto) -> Result<(), String> {
        let name = if node.name.is_empty() {
            node.output.first().cloned().unwrap_or_default()
        } else {
            node.name.clone()
        };
        let at = format!("node {} ({})", quoted(&name), node.op_type);
        let input = |i: usize| -> Result<Value, String> {
            let n = node
                .input
                .get(i)
                .filter(|n| !n.is_empty())
                .ok_or_else(|| format!("{at} lacks input {}", i + 1))?;
            self.value(n, &at)
        };
        let out_name = node
            .output
            .first()
            .ok_or_else(|| format!("{at} gives no output"))?
            .clone();
        let op = node.op_type.as_str();
        let value = match op {
            "Identity" | "Dropout" | "Flatten" | "Reshape" | "Squeeze" | "Unsqueeze" => input(0)?,
            "Constant" => {
                let t = attribute(node, "value")
                    .and_then(|a| a.t.as_ref())
                    .ok_or_else(|| format!("{at} has no tensor value"))?;
                let (data, dims) = tensor(t)?;
                self.add_const(&out_name, data, dims)
            }
            "Gemm" | "MatMul" => {
                let (x, w) = (input(0)?, input(1)?);
                let trans = |key| attribute(node, key).map_or(0, |a| a.i);
                if op == "Gemm" && trans("transA") != 0 {
                    return Err(format!("{at} has transA set: Floe runs a batch of one row"));
                }
                let transposed = op == "Gemm" && trans("transB") != 0;
                let (Operand::Slot(xs), Operand::Const(wc)) = (x.at, w.at) else {
                    return Err(format!(
                        "{at} must multiply an activation by a constant matrix"
                    ));
                };
                let dims = &self.dims[wc];
                let [rows, cols] = dims[..] else {
                    return Err(format!(
                        "{at}: its weights {} are not a matrix",
                        shown(dims)
                    ));
                };
                let (k, n) = if transposed {
                    (cols, rows)
                } else {
                    (rows, cols)
                };
                if x.len != k {
                    return Err(format!(
                        "{at} multiplies {} values by a {k} by {n} matrix",
                        x.len
                    ));
                }
                let scale = |key, default| attribute(node, key).map_or(default, |a| a.f);
                let bias = match node.input.get(2).filter(|n| !n.is_empty()) {
                    None => None,
                    Some(_) => {
                        let c = input(2)?;
                        match c.at {
                            Operand::Const(cc) if c.len == n || c.len == 1 => {
                                Some((cc, scale("beta", 1.0)))
                            }
                            _ => {
                                return Err(format!(
                                    "{at}: its bias must be a constant of 1 or {n} values"
                                ));
                            }
                        }
                    }
                };
                let out = self.slot(n);
                self.steps.push(Step::Dense {
                    x: xs,
                    w: wc,
                    k,
                    n,
                    transposed,
                    alpha: if op == "Gemm" {
                        scale("alpha", 1.0)
                    } else {
                        1.0
                    },
                    bias,
                    out,
                });
                Value {
                    at: Operand::Slot(out),
                    len: n,
                }
            }
            "Add" | "Sub" | "Mul" | "Div" => {
                let op = Binary::named(op).expect("listed");
                let (a, b) = (input(0)?, input(1)?);
                let len = match (a.len, b.len) {
                    (x, y) if x == y || y == 1 => x,
                    (1, y) => y,
                    (x, y) => {
                        return Err(format!(
                            "{at} combines {x} values with {y}: Floe broadcasts one value only"
                        ));
                    }
                };
                if let (Operand::Const(ca), Operand::Const(cb)) = (a.at, b.at) {
                    let mut data = vec![0.0; len];
                    op.apply(&self.consts[ca], &self.consts[cb], &mut data);
                    self.add_const(&out_name, data, vec![len])
                } else {
                    let out = self.slot(len);
                    self.steps.push(Step::Binary {
                        op,
                        a: a.at,
                        b: b.at,
                        out,
                    });
                    Value {
                        at: Operand::Slot(out),
                        len,
                    }
                }
            }
            "Relu" | "LeakyRelu" | "Tanh" | "Sigmoid" | "Exp" | "Neg" => {
                let alpha = attribute(node, "alpha").map_or(0.01, |a| a.f);
                let op = Unary::named(op, alpha).expect("listed");
                let x = self.activation(input(0)?, &at)?;
                let out = self.slot(x.len);
                self.steps.push(Step::Unary { op, x: x.slot, out });
                Value {
                    at: Operand::Slot(out),
                    len: x.len,
                }
            }
            "Softmax" | "LogSoftmax" => {
                let axis = attribute(node, "axis").map_or(-1, |a| a.i);
                if !matches!(axis, -1 | 1) {
                    return Err(format!(
                        "{at} has axis {axis}: Floe takes the softmax over the row (axis -1)"
                    ));
                }
                let x = self.activation(input(0)?, &at)?;
                let out = self.slot(x.len);
                self.steps.push(Step::Softmax {
                    x: x.slot,
                    out,
                    log: op == "LogSoftmax",
                });
                Value {
                    at: Operand::Slot(out),
                    len: x.len,
                }
            }
            "Concat" => {
                let parts = (0..node.input.len())
                    .map(&input)
                    .collect::<Result<Vec<_>, _>>()?;
                let len = parts.iter().map(|p| p.len).sum();
                let out = self.slot(len);
                self.steps.push(Step::Concat {
                    parts: parts.iter().map(|p| p.at).collect(),
                    out,
                });
                Value {
                    at: Operand::Slot(out),
                    len,
                }
            }
            other => {
                return Err(format!(
                    "{at}: Floe does not run {other}; it runs networks made of {OPERATORS}"
                ));
            }
        };
        self.values.insert(out_name, value);
        Ok(())
    }

    /// Returns `v` as an activation, refusing a constant where one is not folded.
    fn activation(&self, v: Value, at: &str) -> Result<Activation, String> {
        match v.at {
            Operand::Slot(slot) => Ok(Activation { slot, len: v.len }),
            Operand::Const(_) => Err(format!(
                "{at} works on a constant: fold it before export (onnx-simplifier does)"
            )),
        }
    }
}

/// An activation's buffer and length.
struct Activation {
    slot: usize,
    len: usize,
}

/// Returns `node`'s attribute `name`.
fn attribute<'n>(node: &'n NodeProto, name: &str) -> Option<&'n AttributeProto> {
    node.attribute.iter().find(|a| a.name == name)
}

/// Reads a constant tensor's numbers (float32, float64 or int64, typed or raw) and shape.
fn tensor(t: &TensorProto) -> Result<(Vec<f32>, Vec<usize>), String> {
    let at = || format!("tensor {}", quoted(&t.name));
    if t.data_location == 1 {
        return Err(format!(
            "{} keeps its data in another file: save the model with its weights inside",
            at()
        ));
    }
    let dims: Vec<usize> = t
        .dims
        .iter()
        .map(|&d| usize::try_from(d).map_err(|_| format!("{} has a negative size", at())))
        .collect::<Result<_, _>>()?;
    let count: usize = dims.iter().product();
    let raw = |width: usize| -> Result<Vec<&[u8]>, String> {
        if t.raw_data.len() != count * width {
            return Err(format!(
                "{} holds {} bytes for {count} values",
                at(),
                t.raw_data.len()
            ));
        }
        Ok(t.raw_data.chunks_exact(width).collect())
    };
    let data: Vec<f32> = match t.data_type {
        proto::FLOAT if !t.raw_data.is_empty() => raw(4)?
            .into_iter()
            .map(|b| f32::from_le_bytes(b.try_into().expect("4 bytes")))
            .collect(),
        proto::FLOAT => t.float_data.clone(),
        proto::DOUBLE if !t.raw_data.is_empty() => raw(8)?
            .into_iter()
            .map(|b| f64::from_le_bytes(b.try_into().expect("8 bytes")) as f32)
            .collect(),
        proto::DOUBLE => t.double_data.iter().map(|&v| v as f32).collect(),
        proto::INT64 if !t.raw_data.is_empty() => raw(8)?
            .into_iter()
            .map(|b| i64::from_le_bytes(b.try_into().expect("8 bytes")) as f32)
            .collect(),
        proto::INT64 => t.int64_data.iter().map(|&v| v as f32).collect(),
        other => {
            return Err(format!(
                "{} is of ONNX data type {other}; Floe reads float32, float64 and int64",
                at()
            ));
        }
    };
    if data.len() != count {
        return Err(format!(
            "{} holds {} values for its shape {}",
            at(),
            data.len(),
            shown(&dims)
        ));
    }
    Ok((data, dims))
}

/// Reads a graph input or output: a float32 row, of shape `[N]` or `[B, N]` with `B` one
/// position (1, or a named or unknown batch size).
fn port(info: &ValueInfoProto, what: &str) -> Result<Port, String> {
    let at = || format!("{what} {}", quoted(&info.name));
    let tensor = info
        .r#type
        .as_ref()
        .and_then(|t| t.tensor_type.as_ref())
        .ok_or_else(|| format!("{} is not a tensor", at()))?;
    if tensor.elem_type != proto::FLOAT {
        return Err(format!(
            "{} is of ONNX element type {}; Floe's rows are float32 (type 1)",
            at(),
            tensor.elem_type
        ));
    }
    let dims = tensor
        .shape
        .as_ref()
        .map(|s| s.dim.as_slice())
        .unwrap_or(&[]);
    let sizes: Vec<Option<i64>> = dims
        .iter()
        .map(|d| d.dim_value.filter(|&v| v > 0))
        .collect();
    let shape = format!(
        "[{}]",
        dims.iter()
            .map(|d| match (&d.dim_value, &d.dim_param) {
                (Some(v), _) if *v > 0 => v.to_string(),
                (_, Some(p)) if !p.is_empty() => p.clone(),
                _ => "?".into(),
            })
            .collect::<Vec<_>>()
            .join(", ")
    );
    let len = match sizes[..] {
        [Some(n)] => n,
        [None | Some(1), Some(n)] => n,
        _ => {
            return Err(format!(
                "{} has shape {shape}; Floe feeds one position, as [N] or [1, N] \
                 (a named batch axis is taken as 1)",
                at()
            ));
        }
    };
    Ok(Port {
        name: info.name.clone(),
        len: len as usize,
        shape,
    })
}

/// A tensor's shape as messages show it: `[46, 64]`.
fn shown(dims: &[usize]) -> String {
    let each: Vec<String> = dims.iter().map(usize::to_string).collect();
    format!("[{}]", each.join(", "))
}

/// A name in quotes, as every message quotes what a user wrote.
fn quoted(name: &str) -> String {
    floe_io::gate::quoted(name)
}
