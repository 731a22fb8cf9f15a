//! The part of ONNX's file format (`onnx.proto`, a protocol buffer) that a dense network
//! needs, declared for `prost` with ONNX's own field numbers: the model, its graph, the
//! graph's nodes, attributes, tensors and the types of its inputs and outputs. Fields
//! Floe does not read (documentation strings, metadata, training information, functions)
//! are left out; protocol buffers skip fields a reader does not declare.
#![allow(missing_docs)] // each field is ONNX's, documented in onnx.proto

use prost::Message;

/// `ModelProto`: a model file's top message.
#[derive(Clone, PartialEq, Message)]
pub struct ModelProto {
    #[prost(int64, tag = "1")]
    pub ir_version: i64,
    #[prost(string, tag = "2")]
    pub producer_name: String,
    #[prost(message, optional, tag = "7")]
    pub graph: Option<GraphProto>,
    #[prost(message, repeated, tag = "8")]
    pub opset_import: Vec<OperatorSetIdProto>,
}

/// `OperatorSetIdProto`: an operator set the model uses, and its version.
#[derive(Clone, PartialEq, Message)]
pub struct OperatorSetIdProto {
    #[prost(string, tag = "1")]
    pub domain: String,
    #[prost(int64, tag = "2")]
    pub version: i64,
}

/// `GraphProto`: the nodes, the constant tensors (initializers), inputs and outputs.
#[derive(Clone, PartialEq, Message)]
pub struct GraphProto {
    #[prost(message, repeated, tag = "1")]
    pub node: Vec<NodeProto>,
    #[prost(string, tag = "2")]
    pub name: String,
    #[prost(message, repeated, tag = "5")]
    pub initializer: Vec<TensorProto>,
    #[prost(message, repeated, tag = "11")]
    pub input: Vec<ValueInfoProto>,
    #[prost(message, repeated, tag = "12")]
    pub output: Vec<ValueInfoProto>,
}

/// `NodeProto`: one operator applied to named values, giving named values.
#[derive(Clone, PartialEq, Message)]
pub struct NodeProto {
    #[prost(string, repeated, tag = "1")]
    pub input: Vec<String>,
    #[prost(string, repeated, tag = "2")]
    pub output: Vec<String>,
    #[prost(string, tag = "3")]
    pub name: String,
    #[prost(string, tag = "4")]
    pub op_type: String,
    #[prost(message, repeated, tag = "5")]
    pub attribute: Vec<AttributeProto>,
    #[prost(string, tag = "7")]
    pub domain: String,
}

/// `AttributeProto`: a node's named setting (Gemm's `transB`, Softmax's `axis`).
#[derive(Clone, PartialEq, Message)]
pub struct AttributeProto {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(float, tag = "2")]
    pub f: f32,
    #[prost(int64, tag = "3")]
    pub i: i64,
    #[prost(message, optional, tag = "5")]
    pub t: Option<TensorProto>,
    #[prost(int64, repeated, tag = "8")]
    pub ints: Vec<i64>,
    #[prost(int32, tag = "20")]
    pub r#type: i32,
}

/// `TensorProto.DataType.FLOAT`.
pub const FLOAT: i32 = 1;
/// `TensorProto.DataType.INT64`.
pub const INT64: i32 = 7;
/// `TensorProto.DataType.DOUBLE`.
pub const DOUBLE: i32 = 11;

/// `TensorProto`: a constant tensor, its values either typed (`float_data`) or raw
/// little-endian bytes (`raw_data`, what `onnx.numpy_helper` writes).
#[derive(Clone, PartialEq, Message)]
pub struct TensorProto {
    #[prost(int64, repeated, tag = "1")]
    pub dims: Vec<i64>,
    #[prost(int32, tag = "2")]
    pub data_type: i32,
    #[prost(float, repeated, tag = "4")]
    pub float_data: Vec<f32>,
    #[prost(int64, repeated, tag = "7")]
    pub int64_data: Vec<i64>,
    #[prost(string, tag = "8")]
    pub name: String,
    #[prost(bytes = "vec", tag = "9")]
    pub raw_data: Vec<u8>,
    #[prost(double, repeated, tag = "10")]
    pub double_data: Vec<f64>,
    #[prost(int32, tag = "14")]
    pub data_location: i32,
}

/// `ValueInfoProto`: a graph input's or output's name and type.
#[derive(Clone, PartialEq, Message)]
pub struct ValueInfoProto {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(message, optional, tag = "2")]
    pub r#type: Option<TypeProto>,
}

/// `TypeProto`, of which Floe reads only the tensor type.
#[derive(Clone, PartialEq, Message)]
pub struct TypeProto {
    #[prost(message, optional, tag = "1")]
    pub tensor_type: Option<TensorType>,
}

/// `TypeProto.Tensor`: element type and shape.
#[derive(Clone, PartialEq, Message)]
pub struct TensorType {
    #[prost(int32, tag = "1")]
    pub elem_type: i32,
    #[prost(message, optional, tag = "2")]
    pub shape: Option<TensorShapeProto>,
}

/// `TensorShapeProto`.
#[derive(Clone, PartialEq, Message)]
pub struct TensorShapeProto {
    #[prost(message, repeated, tag = "1")]
    pub dim: Vec<Dimension>,
}

/// `TensorShapeProto.Dimension`: a size, or a name for a size fixed at run time (a batch).
#[derive(Clone, PartialEq, Message)]
pub struct Dimension {
    #[prost(int64, optional, tag = "1")]
    pub dim_value: Option<i64>,
    #[prost(string, optional, tag = "2")]
    pub dim_param: Option<String>,
}

/// Reads a model from a file's bytes.
///
/// # Errors
/// Bytes that are not a protocol buffer of this shape, in `prost`'s words.
pub fn decode(bytes: &[u8]) -> Result<ModelProto, prost::DecodeError> {
    ModelProto::decode(bytes)
}

/// Writes a model as a file's bytes.
pub fn encode(model: &ModelProto) -> Vec<u8> {
    model.encode_to_vec()
}
