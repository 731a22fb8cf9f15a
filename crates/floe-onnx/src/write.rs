//! Writing a dense network as an ONNX file: how tests (and a Rust user) make a network
//! without Python. The layers alternate between ONNX's two spellings of a dense layer,
//! `Gemm` with its weights transposed and `MatMul` then `Add`, so one file exercises both.

use crate::proto::{
    AttributeProto, Dimension, GraphProto, ModelProto, NodeProto, OperatorSetIdProto, TensorProto,
    TensorShapeProto, TensorType, TypeProto, ValueInfoProto,
};

/// A dense layer: `outputs` values from the layer before's, `x · W + b`.
#[derive(Clone, Debug, PartialEq)]
pub struct Layer {
    /// `W`, row-major: as many rows as the layer takes values, `outputs` columns.
    pub weights: Vec<f32>,
    /// `b`, one value per output.
    pub bias: Vec<f32>,
}

/// A network of dense layers, a ReLU between two, from the observation (and with `mask`
/// the legal mask, which sets an answer off offer a billion below the others) to the
/// output `scores`.
#[derive(Clone, Debug, PartialEq)]
pub struct Dense {
    /// The observation's length.
    pub inputs: usize,
    /// The layers, first to last.
    pub layers: Vec<Layer>,
    /// Whether the network takes the legal mask as its second input (the last layer then
    /// gives a score per answer).
    pub mask: bool,
}

impl Dense {
    /// Returns a network of the layer sizes `sizes` (the observation's length first, the
    /// output's last), its weights spread evenly over -1 to 1 by a generator seeded with
    /// `seed`: what tests play with, the same numbers on every machine.
    pub fn seeded(sizes: &[usize], mask: bool, seed: u64) -> Dense {
        let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut numbers = |n: usize| -> Vec<f32> {
            (0..n)
                .map(|_| {
                    s ^= s << 13;
                    s ^= s >> 7;
                    s ^= s << 17;
                    (s % 2001) as f32 / 1000.0 - 1.0
                })
                .collect()
        };
        let layers = sizes
            .windows(2)
            .map(|w| Layer {
                weights: numbers(w[0] * w[1]),
                bias: numbers(w[1]),
            })
            .collect();
        Dense {
            inputs: sizes[0],
            layers,
            mask,
        }
    }

    /// Returns the network's output for `obs` (and the legal `mask`, where the network
    /// takes it), computed plainly layer by layer: the reference the compiled network is
    /// tested against.
    pub fn forward(&self, obs: &[f32], mask: Option<&[f32]>) -> Vec<f32> {
        let mut x = obs.to_vec();
        for (i, layer) in self.layers.iter().enumerate() {
            let n = layer.bias.len();
            let mut out = layer.bias.clone();
            for (r, &xr) in x.iter().enumerate() {
                for (c, o) in out.iter_mut().enumerate() {
                    *o += xr * layer.weights[r * n + c];
                }
            }
            if i + 1 < self.layers.len() {
                out.iter_mut().for_each(|v| *v = v.max(0.0));
            }
            x = out;
        }
        if let Some(mask) = mask.filter(|_| self.mask) {
            for (v, m) in x.iter_mut().zip(mask) {
                *v += (m - 1.0) * 1e9;
            }
        }
        x
    }
}

/// Writes a seeded policy (taking the legal mask) and value network for a table whose
/// encoding holds `encoding` values and whose answer list `answers`, each with `hidden`
/// hidden units, as `policy.onnx` and `value.onnx` in `dir` (whole or not at all): what
/// tests and benches seat the learned bots with. Returns their paths.
///
/// # Errors
/// A file that cannot be written.
pub fn table_networks(
    dir: &std::path::Path,
    encoding: usize,
    answers: usize,
    hidden: usize,
) -> std::io::Result<(std::path::PathBuf, std::path::PathBuf)> {
    let write = |name: &str, dense: Dense| {
        let path = dir.join(name);
        floe_io::write::whole(
            &path,
            &dense.to_onnx(),
            floe_io::write::Existing::Replace,
            "",
        )
    };
    let policy = write(
        "policy.onnx",
        Dense::seeded(&[encoding, hidden, answers], true, 1),
    )?;
    let value = write(
        "value.onnx",
        Dense::seeded(&[encoding, hidden, 1], false, 2),
    )?;
    Ok((policy, value))
}

/// The ONNX operator set the written files declare.
const OPSET: i64 = 13;

impl Dense {
    /// Returns the network as an ONNX file's bytes.
    ///
    /// # Panics
    /// Panics if a layer's weights do not have a row per value it takes and a column per
    /// value of its bias.
    pub fn to_onnx(&self) -> Vec<u8> {
        let mut nodes = Vec::new();
        let mut initializer = Vec::new();
        let mut x = "obs".to_string();
        let mut width = self.inputs;
        for (i, layer) in self.layers.iter().enumerate() {
            let n = layer.bias.len();
            assert_eq!(
                layer.weights.len(),
                width * n,
                "layer {i}: weights of {width} by {n}"
            );
            let (w, b, out) = (format!("w{i}"), format!("b{i}"), format!("z{i}"));
            if i % 2 == 0 {
                let mut transposed = vec![0.0; width * n];
                for r in 0..width {
                    for c in 0..n {
                        transposed[c * width + r] = layer.weights[r * n + c];
                    }
                }
                initializer.push(floats(&w, &[n, width], &transposed));
                initializer.push(floats(&b, &[n], &layer.bias));
                let mut gemm = node("Gemm", &[&x, &w, &b], &out);
                gemm.attribute.push(AttributeProto {
                    name: "transB".into(),
                    i: 1,
                    r#type: 2,
                    ..AttributeProto::default()
                });
                nodes.push(gemm);
            } else {
                initializer.push(floats(&w, &[width, n], &layer.weights));
                initializer.push(floats(&b, &[n], &layer.bias));
                let product = format!("p{i}");
                nodes.push(node("MatMul", &[&x, &w], &product));
                nodes.push(node("Add", &[&product, &b], &out));
            }
            x = out;
            width = n;
            if i + 1 < self.layers.len() {
                let relu = format!("r{i}");
                nodes.push(node("Relu", &[&x], &relu));
                x = relu;
            }
        }
        let mut input = vec![row("obs", self.inputs)];
        if self.mask {
            input.push(row("mask", width));
            initializer.push(floats("one", &[1], &[1.0]));
            initializer.push(floats("big", &[1], &[1e9]));
            nodes.push(node("Sub", &["mask", "one"], "off"));
            nodes.push(node("Mul", &["off", "big"], "penalty"));
            nodes.push(node("Add", &[&x, "penalty"], "scores"));
        } else {
            nodes.push(node("Identity", &[&x], "scores"));
        }
        let graph = GraphProto {
            node: nodes,
            name: "floe-dense".into(),
            initializer,
            input,
            output: vec![row("scores", width)],
        };
        crate::proto::encode(&ModelProto {
            ir_version: 8,
            producer_name: "floe-onnx".into(),
            graph: Some(graph),
            opset_import: vec![OperatorSetIdProto {
                domain: String::new(),
                version: OPSET,
            }],
        })
    }
}

fn node(op: &str, inputs: &[&str], output: &str) -> NodeProto {
    NodeProto {
        input: inputs.iter().map(|s| s.to_string()).collect(),
        output: vec![output.to_string()],
        name: output.to_string(),
        op_type: op.to_string(),
        ..NodeProto::default()
    }
}

fn floats(name: &str, dims: &[usize], data: &[f32]) -> TensorProto {
    TensorProto {
        dims: dims.iter().map(|&d| d as i64).collect(),
        data_type: crate::proto::FLOAT,
        raw_data: data.iter().flat_map(|v| v.to_le_bytes()).collect(),
        name: name.to_string(),
        ..TensorProto::default()
    }
}

/// A float32 row `[batch, len]`, the batch axis named.
fn row(name: &str, len: usize) -> ValueInfoProto {
    let dim = |value: Option<i64>, param: Option<&str>| Dimension {
        dim_value: value,
        dim_param: param.map(String::from),
    };
    ValueInfoProto {
        name: name.to_string(),
        r#type: Some(TypeProto {
            tensor_type: Some(TensorType {
                elem_type: crate::proto::FLOAT,
                shape: Some(TensorShapeProto {
                    dim: vec![dim(None, Some("batch")), dim(Some(len as i64), None)],
                }),
            }),
        }),
    }
}
