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
    assert!(
        said.starts_with("Verified so far: 20 actions of a rebellion match, no result claimed."),
        "{said}"
    );
    assert!(said.contains(json["meta"]["commitment"].as_str().unwrap()), "{said}");
    let mut forged = json.clone();
    forged["meta"]["seed"] = serde_json::json!(4);
    let forged_path = dir.join("forged.json");
    std::fs::write(&forged_path, serde_json::to_vec(&forged).unwrap()).unwrap();
    let r = holonet(&["verify", forged_path.to_str().unwrap()]);
    assert_eq!(r.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&r.stderr).contains("not verified: the commitment does not match"));

    // A second running copy of the match in the same store is refused (ending either would
    // reveal the other's seed): the move ends the first copy's life in this store first.
    let r = holonet(&["import", "--config", cfg, "--channel", "11", "--guild", "77", out.to_str().unwrap()]);
    assert!(!r.status.success());
    assert!(String::from_utf8_lossy(&r.stderr).contains("channel 10 holds this very match"));
    SledStore::open(&data).unwrap().delete("10").unwrap();
    let r = holonet(&["import", "--config", cfg, "--channel", "11", "--guild", "77", out.to_str().unwrap()]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    assert!(String::from_utf8_lossy(&r.stdout).contains("imported into channel 11"));
    let r = holonet(&["import", "--config", cfg, "--channel", "10", out.to_str().unwrap()]);
    assert!(!r.status.success());
    assert!(String::from_utf8_lossy(&r.stderr).contains("channel 11 holds this very match"));
    // Importing over a running match is refused.
    let r = holonet(&["import", "--config", cfg, "--channel", "11", out.to_str().unwrap()]);
    assert!(!r.status.success());
    assert!(String::from_utf8_lossy(&r.stderr).contains("already has a match"));
    let r = holonet(&["export", "--config", cfg, "--channel", "99"]);
    assert!(!r.status.success());
    assert!(String::from_utf8_lossy(&r.stderr).contains("no match is stored for channel 99"));

    let store: Arc<dyn MatchStore> = Arc::new(SledStore::open(&data).unwrap());
    let svc: Service<Rebellion> = Service::new(store);
    assert_eq!(svc.load_all().unwrap(), 1);
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
    assert_eq!(guilds, [(11, Some(77))]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A scratch directory with a `config.toml` whose data directory is `data` inside it.
fn scratch(name: &str) -> (std::path::PathBuf, std::path::PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("holonet-admin-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("data");
    let config = dir.join("config.toml");
    std::fs::write(&config, format!("token = \"t\"\ndata_dir = {:?}\n", data.display().to_string())).unwrap();
    (dir, data, config.to_str().unwrap().to_string())
}

#[test]
fn an_empire_vs_rebellion_match_moves_offline_and_an_ended_export_records_its_end() {
    use holonet::games::evr::{Evr, EvrOptions};
    let (dir, data, cfg) = scratch("evr");
    let (other_dir, other_data, other_cfg) = scratch("evr-target");
    let (a, b) = (Caller { user: 1, moderator: false }, Caller { user: 2, moderator: false });
    let before = {
        let store: Arc<dyn MatchStore> = Arc::new(SledStore::open(&data).unwrap());
        let evr: Service<Evr> = Service::new(store.clone());
        evr.create(20, Some(5 << 22), a, EvrOptions::default(), Some(4)).unwrap();
        evr.join(20, a, None).unwrap();
        evr.join(20, b, None).unwrap();
        evr.start(20, a).unwrap();
        for _ in 0..6 {
            let p = evr.prompt(20).unwrap().unwrap();
            let who = Caller { user: p.user.unwrap(), moderator: false };
            evr.act(20, who, Answer::Option { key: p.key(), index: 0 }).unwrap();
        }
        // A Rebellion match ended by a moderator, for the offline export of an ended match.
        let reb: Service<Rebellion> = Service::new(store.clone());
        reb.create(21, None, a, MatchOptions { quick_setup: true, ..Default::default() }, Some(3)).unwrap();
        reb.join(21, a, Some("rebel")).unwrap();
        reb.join(21, b, Some("empire")).unwrap();
        reb.start(21, a).unwrap();
        reb.end(21, Caller { user: 9, moderator: true }).unwrap();
        evr.state(20).unwrap()
    };
    let out = dir.join("evr.json");
    let r = holonet(&["export", "--config", &cfg, "--channel", "20", "--out", out.to_str().unwrap()]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    // docs/cluster.md's offline move: import into the data directory of the process that owns
    // the new server.
    let r = holonet(&[
        "import",
        "--config",
        &other_cfg,
        "--channel",
        "30",
        "--guild",
        "77",
        out.to_str().unwrap(),
    ]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    assert!(String::from_utf8_lossy(&r.stdout).contains("imported into channel 30"));
    {
        let store: Arc<dyn MatchStore> = Arc::new(SledStore::open(&other_data).unwrap());
        let evr: Service<Evr> = Service::new(store);
        assert_eq!(evr.load_all().unwrap(), 1);
        assert_eq!(evr.state(30).unwrap(), before);
    }
    // The offline export of an ended match records its end, as `/mod export` does.
    let ended = dir.join("ended.json");
    let r = holonet(&["export", "--config", &cfg, "--channel", "21", "--out", ended.to_str().unwrap()]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let json: serde_json::Value = serde_json::from_slice(&std::fs::read(&ended).unwrap()).unwrap();
    assert_eq!(json["final_state"].as_str().map(str::len), Some(64), "{json}");
    let r = holonet(&["verify", ended.to_str().unwrap()]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let said = String::from_utf8_lossy(&r.stdout);
    assert!(said.contains("as recorded"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&other_dir);
}
