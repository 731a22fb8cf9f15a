//! A dense network written as ONNX, read back and run: its numbers are the forward pass
//! worked out by hand here, and a network that does not fit is refused with the file, the
//! tensor and the shapes named.

use floe_onnx::write::Dense;
use floe_onnx::{Model, Net, Role, Table};

fn network(sizes: &[usize], mask: bool) -> Dense {
    Dense::seeded(sizes, mask, 5)
}

#[test]
fn a_written_network_runs_as_its_forward_pass_says() {
    for (sizes, mask) in [
        (&[5, 3][..], false),
        (&[6, 8, 4][..], true),
        (&[7, 9, 5, 3][..], true),
    ] {
        let dense = network(sizes, mask);
        let net = Net::from_bytes(&dense.to_onnx()).unwrap();
        assert_eq!(net.inputs().len(), 1 + usize::from(mask));
        assert_eq!(net.inputs()[0].shape, format!("[batch, {}]", sizes[0]));
        let mut scratch = net.scratch();
        for case in 0..5 {
            let obs: Vec<f32> = (0..sizes[0])
                .map(|i| ((i * 7 + case) % 5) as f32 - 2.0)
                .collect();
            let answers = *sizes.last().unwrap();
            let legal: Vec<f32> = (0..answers).map(|a| f32::from(a % 2 == 0)).collect();
            let inputs: Vec<&[f32]> = if mask { vec![&obs, &legal] } else { vec![&obs] };
            let got = net.run(&mut scratch, &inputs).to_vec();
            let want = dense.forward(&obs, Some(&legal));
            assert_eq!(got.len(), want.len());
            for (g, w) in got.iter().zip(&want) {
                assert!(
                    (g - w).abs() <= 1e-4 * w.abs().max(1.0),
                    "{got:?} against {want:?}"
                );
            }
        }
    }
}

#[test]
fn a_model_that_does_not_fit_the_table_is_refused_naming_file_tensor_and_shape() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.onnx");
    std::fs::write(&path, network(&[6, 8, 4], true).to_onnx()).unwrap();
    let model = Model::load(&path).unwrap();
    let table = |encoding, answers| Table {
        name: "goofspiel at 2 players".into(),
        encoding,
        answers,
    };
    model.fit(Role::Policy, &table(6, 4)).unwrap();
    let shown = floe_io::gate::path(&path);
    let e = model.fit(Role::Policy, &table(46, 4)).unwrap_err();
    assert_eq!(
        e,
        format!(
            "the ONNX model {shown} does not fit goofspiel at 2 players as a policy network: \
             input \"obs\" has shape [batch, 6], but Floe feeds [1, 46] (the encoded \
             observation, 46 values; see docs/encodings.md)"
        )
    );
    let e = model.fit(Role::Policy, &table(6, 5)).unwrap_err();
    assert!(
        e.contains("input \"mask\" has shape [batch, 4], but Floe feeds [1, 5] (the legal mask"),
        "{e}"
    );
    let e = model.fit(Role::Value, &table(6, 4)).unwrap_err();
    assert!(e.contains("as a value network: output \"scores\" has shape [batch, 4], but Floe reads [1, 1] (the seat's expected result, one value"), "{e}");
}

#[test]
fn a_file_that_is_not_a_network_floe_runs_is_refused_naming_why() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x.onnx");
    std::fs::write(&path, b"not a model at all").unwrap();
    let e = Model::load(&path).unwrap_err();
    assert!(
        e.starts_with(&format!(
            "cannot use the ONNX model {}: it is not an ONNX model",
            floe_io::gate::path(&path)
        )),
        "{e}"
    );
    let e = Model::load(&dir.path().join("missing.onnx")).unwrap_err();
    assert!(e.contains("cannot read the ONNX model"), "{e}");
    // A convolution is refused by name.
    let mut model = floe_onnx::proto::decode(&network(&[4, 2], false).to_onnx()).unwrap();
    model.graph.as_mut().unwrap().node[0].op_type = "Conv".into();
    std::fs::write(&path, floe_onnx::proto::encode(&model)).unwrap();
    let e = Model::load(&path).unwrap_err();
    assert!(
        e.contains(
            "node \"z0\" (Conv): Floe does not run Conv; it runs networks made of Gemm, MatMul"
        ),
        "{e}"
    );
}

/// A network's file is read once while it stays as it was, and again once it changes or
/// goes: a spec read at every question of a Python game does not read its network each
/// time.
#[test]
fn a_shared_network_is_read_again_only_when_its_file_changes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.onnx");
    std::fs::write(&path, network(&[6, 8, 4], true).to_onnx()).unwrap();
    let first = Model::shared(&path).unwrap();
    assert!(std::sync::Arc::ptr_eq(
        &first,
        &Model::shared(&path).unwrap()
    ));
    std::fs::write(&path, network(&[6, 5, 4], true).to_onnx()).unwrap();
    let changed = Model::shared(&path).unwrap();
    assert!(!std::sync::Arc::ptr_eq(&first, &changed));
    assert_ne!(first.digest(), changed.digest());
    assert_eq!(*changed, Model::load(&path).unwrap());
    std::fs::remove_file(&path).unwrap();
    assert!(
        Model::shared(&path)
            .unwrap_err()
            .contains("cannot read the ONNX model")
    );
}
