//! Learned networks for Floe's bots: ONNX files read, checked against a game's table, and
//! run without allocating.
//!
//! A policy network takes a seat's observation, encoded by the game's documented layout
//! (`docs/encodings.md`), and optionally the legal mask (1 for an answer on offer, 0 for
//! one not), and gives a score per answer; a value network takes the same and gives one
//! number, the seat's expected result. Both are the dense networks a policy and value
//! head are made of ([`OPERATORS`]), trained anywhere and exported to ONNX.
//!
//! Why not a general ONNX runtime: the one written in pure Rust (tract) allocates every
//! intermediate tensor on each run, and a bot is asked millions of times in a run whose
//! hot path allocates nothing. A network here is compiled once into steps over buffers
//! sized up front ([`Net::scratch`]); a graph with an operator outside [`OPERATORS`] is
//! refused, naming the node. The file format itself is read with `prost`, from ONNX's
//! own field numbers ([`proto`]).

mod net;
mod ops;
pub mod proto;
pub mod write;

mod shared;

use std::fmt;
use std::path::{Path, PathBuf};

pub use net::{Net, OPERATORS, Port, Scratch};

/// What a network is asked for: a score per answer, or the value of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Scores for every answer of the game's answer list, in its order.
    Policy,
    /// One number: the seat's expected result.
    Value,
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Role::Policy => "policy",
            Role::Value => "value",
        })
    }
}

/// The table a network plays at: what its rows must hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The game and player count, as messages name them: `arctic-race at 2 players`.
    pub name: String,
    /// The length of a seat's encoded observation.
    pub encoding: usize,
    /// The length of the answer list (and of the legal mask).
    pub answers: usize,
}

/// A network read from a file: where from, its contents' digest, and the network.
#[derive(Debug, PartialEq)]
pub struct Model {
    path: PathBuf,
    digest: String,
    net: Net,
}

impl Model {
    /// Reads and compiles the ONNX file at `path`.
    ///
    /// # Errors
    /// Names the file: it cannot be read, or holds no network Floe runs (and why).
    pub fn load(path: &Path) -> Result<Model, String> {
        let bytes =
            floe_io::read::bytes(path, floe_io::read::Kind::MODEL).map_err(|e| e.to_string())?;
        let net = Net::from_bytes(&bytes).map_err(|why| {
            format!(
                "cannot use the ONNX model {}: {why}",
                floe_io::gate::path(path)
            )
        })?;
        Ok(Model {
            path: path.to_path_buf(),
            digest: floe_io::digest::sha256_hex(&bytes),
            net,
        })
    }

    /// Returns the file the model was read from.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Returns the SHA-256 of the file's bytes: what tells two models apart when a run is
    /// merged or carried out again.
    pub fn digest(&self) -> &str {
        &self.digest
    }

    /// Returns the network.
    pub fn net(&self) -> &Net {
        &self.net
    }

    /// Checks that the network fits `table` in `role`: its first input takes the encoded
    /// observation, a second (if any) the legal mask, and its output gives a score per
    /// answer (policy) or one number (value).
    ///
    /// # Errors
    /// Names the file, the tensor, its shape and the shape Floe feeds or reads.
    pub fn fit(&self, role: Role, table: &Table) -> Result<(), String> {
        let inputs = self.net.inputs();
        let refuse = |port: &Port, what: &str, wanted: usize, holds: String| {
            Err(format!(
                "the ONNX model {} does not fit {} as a {role} network: {what} {} has shape \
                 {}, but Floe {} [1, {wanted}] ({holds}; see docs/encodings.md)",
                floe_io::gate::path(&self.path),
                table.name,
                floe_io::gate::quoted(&port.name),
                port.shape,
                if what == "output" { "reads" } else { "feeds" },
            ))
        };
        if inputs.len() > 2 {
            return Err(format!(
                "the ONNX model {} takes {} inputs; Floe feeds the encoded observation and \
                 optionally the legal mask",
                floe_io::gate::path(&self.path),
                inputs.len()
            ));
        }
        if inputs[0].len != table.encoding {
            return refuse(
                &inputs[0],
                "input",
                table.encoding,
                format!("the encoded observation, {} values", table.encoding),
            );
        }
        if let Some(mask) = inputs.get(1)
            && mask.len != table.answers
        {
            return refuse(
                mask,
                "input",
                table.answers,
                format!("the legal mask, one value per answer, {}", table.answers),
            );
        }
        let (wanted, holds) = match role {
            Role::Policy => (
                table.answers,
                format!("a score per answer, {}", table.answers),
            ),
            Role::Value => (1, "the seat's expected result, one value".to_string()),
        };
        if self.net.output().len != wanted {
            return refuse(self.net.output(), "output", wanted, holds);
        }
        Ok(())
    }
}
