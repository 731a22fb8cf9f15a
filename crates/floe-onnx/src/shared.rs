//! Networks read once while their files stay as they were ([`Model::shared`]).

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use crate::Model;

/// What tells a file's contents apart without reading them: its length and the time it
/// was last changed.
type Stamp = (u64, Option<SystemTime>);

/// The networks read last, newest last, each with its file's stamp when it was read.
static READ: Mutex<Vec<(PathBuf, Stamp, Arc<Model>)>> = Mutex::new(Vec::new());

/// The most networks [`READ`] keeps: a process reads a few (a policy, a value, a rival's),
/// and one that reads many keeps only the last.
const KEPT: usize = 8;

impl Model {
    /// Returns the network in the ONNX file at `path`, as [`Model::load`] does, read and
    /// hashed once while the file keeps its length and its time of change: a spec naming
    /// it is read wherever it is checked (each command checks before it builds, and a
    /// Python game reads the spec at each question it asks a bot), and reading and hashing
    /// a network's file costs more than a fast bot's answer. A file changed since is read
    /// again.
    ///
    /// # Errors
    /// As [`Model::load`].
    pub fn shared(path: &Path) -> Result<Arc<Model>, String> {
        let stamp = std::fs::metadata(path)
            .ok()
            .map(|m| (m.len(), m.modified().ok()));
        let mut read = READ.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(at) = read
            .iter()
            .position(|(p, s, _)| p == path && Some(*s) == stamp)
        {
            return Ok(read[at].2.clone());
        }
        let model = Arc::new(Model::load(path)?);
        read.retain(|(p, _, _)| p != path);
        if let Some(stamp) = stamp {
            if read.len() == KEPT {
                read.remove(0);
            }
            read.push((path.to_path_buf(), stamp, model.clone()));
        }
        Ok(model)
    }
}
