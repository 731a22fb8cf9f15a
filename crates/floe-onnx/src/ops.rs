//! The element-by-element operators a network's steps apply.

/// An operator on two rows, element by element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Binary {
    Add,
    Sub,
    Mul,
    Div,
}

impl Binary {
    /// Returns the operator of ONNX's name.
    pub(crate) fn named(op: &str) -> Option<Binary> {
        Some(match op {
            "Add" => Binary::Add,
            "Sub" => Binary::Sub,
            "Mul" => Binary::Mul,
            "Div" => Binary::Div,
            _ => return None,
        })
    }

    /// Fills `out` with `a` and `b` combined element by element; a row of one value is
    /// broadcast over the other.
    pub(crate) fn apply(self, a: &[f32], b: &[f32], out: &mut [f32]) {
        let at = |row: &[f32], i: usize| row[if row.len() == 1 { 0 } else { i }];
        for (i, o) in out.iter_mut().enumerate() {
            let (x, y) = (at(a, i), at(b, i));
            *o = match self {
                Binary::Add => x + y,
                Binary::Sub => x - y,
                Binary::Mul => x * y,
                Binary::Div => x / y,
            };
        }
    }
}

/// An operator on one value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Unary {
    Relu,
    /// With its slope below zero.
    LeakyRelu(f32),
    Tanh,
    Sigmoid,
    Exp,
    Neg,
}

impl Unary {
    /// Returns the operator of ONNX's name (`alpha`: LeakyRelu's slope).
    pub(crate) fn named(op: &str, alpha: f32) -> Option<Unary> {
        Some(match op {
            "Relu" => Unary::Relu,
            "LeakyRelu" => Unary::LeakyRelu(alpha),
            "Tanh" => Unary::Tanh,
            "Sigmoid" => Unary::Sigmoid,
            "Exp" => Unary::Exp,
            "Neg" => Unary::Neg,
            _ => return None,
        })
    }

    pub(crate) fn apply(self, v: f32) -> f32 {
        match self {
            Unary::Relu => v.max(0.0),
            Unary::LeakyRelu(alpha) if v < 0.0 => alpha * v,
            Unary::LeakyRelu(_) => v,
            Unary::Tanh => v.tanh(),
            Unary::Sigmoid => 1.0 / (1.0 + (-v).exp()),
            Unary::Exp => v.exp(),
            Unary::Neg => -v,
        }
    }
}
