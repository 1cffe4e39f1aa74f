//! `holonet export` / `holonet import`: a stored match leaves sled as the documented JSON and
//! comes back (into another channel) as the very same match.

use std::process::Command;
use std::sync::Arc;

use holonet::engine::rebellion::MatchOptions;
use holonet::games::rebellion::Rebellion;
use holonet::service::{Answer, Caller, Service};
use holonet::store::{MatchStore, SledStore};

fn holonet(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_holonet"))
        .args(args)
        .env_remove("HOLONET_DATA_DIR")
        .output()
        .expect("the binary runs")
}

#[test]
fn export_then_import_moves_a_match_between_channels() {
    let dir = std::env::temp_dir().join(format!("holonet-admin-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("data");
    let config = dir.join("config.toml");
    std::fs::write(&config, format!("token = \"t\"\ndata_dir = {:?}\n", data.display().to_string())).unwrap();
    let (rebel, empire) = (Caller { user: 1, moderator: false }, Caller { user: 2, moderator: false });
    let before = {
        let store: Arc<dyn MatchStore> = Arc::new(SledStore::open(&data).unwrap());
        let svc: Service<Rebellion> = Service::new(store);
        svc.create(10, None, rebel, MatchOptions { quick_setup: true, ..Default::default() }, Some(3))
            .unwrap();
        svc.join(10, rebel, Some("rebel")).unwrap();
        svc.join(10, empire, Some("empire")).unwrap();
        svc.start(10, rebel).unwrap();
        for _ in 0..20 {
            let p = svc.prompt(10).unwrap().unwrap();
            let who = Caller { user: p.user.unwrap(), moderator: false };
            svc.act(10, who, Answer::Option { key: p.key(), index: 0 }).unwrap();
        }
        svc.state(10).unwrap()
    };
    let out = dir.join("match.json");
    let cfg = config.to_str().unwrap();
    let r = holonet(&["export", "--config", cfg, "--channel", "10", "--out", out.to_str().unwrap()]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let json: serde_json::Value = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(json["format"], "holonet-match");
    assert_eq!(json["log"].as_array().unwrap().len(), 20);
    assert_eq!(json["exported_during_play"], true, "the match was still running");

    // The operator's file holds the seed: `holonet verify` replays it (so far: it runs on), and
    // refuses it once its seed is changed.
    let r = holonet(&["verify", out.to_str().unwrap()]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let said = String::from_utf8_lossy(&r.stdout);
    assert!(said.contains("20 actions (not over when exported: verified so far)"), "{said}");
    assert!(said.contains(json["meta"]["commitment"].as_str().unwrap()), "{said}");
    let mut forged = json.clone();
    forged["meta"]["seed"] = serde_json::json!(4);
    let forged_path = dir.join("forged.json");
    std::fs::write(&forged_path, serde_json::to_vec(&forged).unwrap()).unwrap();
    let r = holonet(&["verify", forged_path.to_str().unwrap()]);
    assert_eq!(r.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&r.stderr).contains("not verified: the commitment does not match"));

    let r = holonet(&["import", "--config", cfg, "--channel", "11", "--guild", "77", out.to_str().unwrap()]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    assert!(String::from_utf8_lossy(&r.stdout).contains("imported into channel 11"));
    // Importing over a running match is refused.
    let r = holonet(&["import", "--config", cfg, "--channel", "10", out.to_str().unwrap()]);
    assert!(!r.status.success());
    assert!(String::from_utf8_lossy(&r.stderr).contains("already has a match"));
    let r = holonet(&["export", "--config", cfg, "--channel", "99"]);
    assert!(!r.status.success());
    assert!(String::from_utf8_lossy(&r.stderr).contains("no match is stored for channel 99"));

    let store: Arc<dyn MatchStore> = Arc::new(SledStore::open(&data).unwrap());
    let svc: Service<Rebellion> = Service::new(store);
    assert_eq!(svc.load_all().unwrap(), 2);
    assert_eq!(svc.state(11).unwrap(), before);
    drop(svc);
    // The imported match is recorded in the server named on the command line (so that the
    // cluster process owning that server hosts it); the exported one keeps its own.
    let store: Arc<dyn MatchStore> = Arc::new(SledStore::open(&data).unwrap());
    let guilds: Vec<(u64, Option<u64>)> = {
        let mut g: Vec<_> = store
            .list()
            .unwrap()
            .iter()
            .map(|id| store.load_meta(id).unwrap().unwrap())
            .map(|m| (m.channel, m.guild))
            .collect();
        g.sort();
        g
    };
    assert_eq!(guilds, [(10, None), (11, Some(77))]);
    let _ = std::fs::remove_dir_all(&dir);
}
