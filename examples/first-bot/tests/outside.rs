//! `Cargo.outside.toml`, the manifest the guide gives for a bot crate outside Floe's
//! repository, stays true to this workspace: it depends on every crate the example does,
//! each by a path into a Floe checkout that holds that crate, pinned to Floe's version.

use std::fs;
use std::path::Path;

use toml::Table;

/// Reads the TOML file `path` (from the repository's root) into a table.
fn table(path: &str) -> Table {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.parse().unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn the_outside_manifest_pins_every_floe_crate_the_example_uses() {
    let version = table("Cargo.toml")["workspace"]["package"]["version"]
        .as_str()
        .unwrap()
        .to_string();
    let inside = table("examples/first-bot/Cargo.toml");
    let outside = table("examples/first-bot/Cargo.outside.toml");
    let used: Vec<&String> = inside["dependencies"].as_table().unwrap().keys().collect();
    let given = outside["dependencies"].as_table().unwrap();
    assert_eq!(used, given.keys().collect::<Vec<_>>(), "the same crates");
    for (name, dep) in given {
        assert_eq!(
            dep["version"].as_str(),
            Some(format!("={version}").as_str()),
            "{name}"
        );
        let path = dep["path"].as_str().unwrap();
        let in_repo = path.strip_prefix("../floe/").expect("a path into ../floe");
        let manifest = table(&format!("{in_repo}/Cargo.toml"));
        assert_eq!(
            manifest["package"]["name"].as_str(),
            Some(name.as_str()),
            "{path}"
        );
    }
    assert_eq!(
        outside["profile"]["release"],
        table("Cargo.toml")["profile"]["release"],
        "the release build as Floe's own"
    );
}
