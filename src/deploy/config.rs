//! The bot's configuration: a TOML file (see `config.example.toml`) with environment overrides
//! (`HOLONET_TOKEN`, `HOLONET_API_PROXY`, `HOLONET_DATA_DIR`).

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::deploy::cluster::{ClusterError, ShardRange, Shards};

/// The settings `holonet serve` runs with.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// The Discord bot token (`HOLONET_TOKEN` overrides it).
    #[serde(default)]
    pub token: String,
    /// The Discord application id (0 = learn it from the gateway).
    #[serde(default)]
    pub application_id: u64,
    /// A guild where slash commands are registered instantly (development); otherwise globally.
    #[serde(default)]
    pub dev_guild: Option<u64>,
    /// Where matches are stored (`HOLONET_DATA_DIR` overrides it).
    #[serde(default = "default_data_dir")]
    pub data_dir: PathBuf,
    /// A role (name or id) whose members may moderate, besides those with Manage Channels.
    #[serde(default)]
    pub moderator_role: Option<String>,
    /// Send every REST call to this base URL instead of Discord, e.g. a shared rate-limiting
    /// proxy (`HOLONET_API_PROXY` overrides it); serenity's own rate limiter is then off.
    #[serde(default)]
    pub api_proxy: Option<String>,
    /// Let one user hold both seats of a match (hot-seat). Off by default: that user sees both
    /// sides' secrets, so a match between two people could be played by one.
    #[serde(default)]
    pub allow_hot_seat: bool,
    /// How often (seconds) to look for players to remind of a waiting decision. The delays
    /// themselves are set per match by moderators (`/mod reminders`; 24 and 48 hours unless
    /// changed).
    #[serde(default = "default_reminder_check")]
    pub reminder_check_secs: u64,
    /// This process's part of a cluster: the gateway shards it runs (`[cluster]`, or `holonet
    /// serve --shards FIRST..LAST --of TOTAL`). Left out, one process autoshards and serves
    /// every guild.
    #[serde(default)]
    pub cluster: Option<ClusterConfig>,
}

/// The `[cluster]` table: which shards of how many this process runs (`docs/cluster.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClusterConfig {
    /// The shards this process starts, `"FIRST..LAST"` (both included).
    pub shards: ShardRange,
    /// How many shards the whole cluster runs.
    pub of: u32,
}

impl ClusterConfig {
    /// The checked shard range.
    pub fn shards(&self) -> Result<Shards, ClusterError> {
        Shards::new(self.shards, self.of)
    }
}

fn default_reminder_check() -> u64 {
    60
}

fn default_data_dir() -> PathBuf {
    PathBuf::from("data")
}

/// Why the configuration could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file could not be read.
    #[error("cannot read config file {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// The file is not valid TOML or has a bad field.
    #[error("config file {path}: {detail}")]
    Parse {
        /// The file.
        path: PathBuf,
        /// What is wrong (names the field).
        detail: String,
    },
    /// A field has an unusable value.
    #[error("config field `{field}`: {detail}")]
    Invalid {
        /// The field (or environment variable).
        field: &'static str,
        /// What is wrong.
        detail: String,
    },
}

impl Config {
    /// Reads a config file, applies the environment overrides and checks the result.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let text = std::fs::read_to_string(path)
            .map_err(|source| ConfigError::Read { path: path.to_path_buf(), source })?;
        let mut config =
            Config::parse(&text).map_err(|detail| ConfigError::Parse { path: path.to_path_buf(), detail })?;
        config.apply_env(|k| std::env::var(k).ok());
        config.validate()?;
        Ok(config)
    }

    /// Parses TOML text (no environment, no checks); the error names the bad field.
    pub fn parse(text: &str) -> Result<Config, String> {
        toml::from_str(text).map_err(|e| e.to_string().trim().to_string())
    }

    /// Applies overrides from an environment lookup (`HOLONET_TOKEN`, `HOLONET_API_PROXY`,
    /// `HOLONET_DATA_DIR`); empty values are ignored.
    pub fn apply_env(&mut self, var: impl Fn(&str) -> Option<String>) {
        let get = |k: &str| var(k).filter(|v| !v.trim().is_empty());
        if let Some(t) = get("HOLONET_TOKEN") {
            self.token = t;
        }
        if let Some(p) = get("HOLONET_API_PROXY") {
            self.api_proxy = Some(p);
        }
        if let Some(d) = get("HOLONET_DATA_DIR") {
            self.data_dir = PathBuf::from(d);
        }
    }

    /// Checks the values: a token is present and the proxy is an http(s) URL.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if self.token.trim().is_empty() {
            return Err(ConfigError::Invalid {
                field: "token",
                detail: "missing; set it in the file or in HOLONET_TOKEN".into(),
            });
        }
        if let Some(p) = &self.api_proxy
            && !(p.starts_with("http://") || p.starts_with("https://"))
        {
            return Err(ConfigError::Invalid {
                field: "api_proxy",
                detail: format!("`{p}` is not an http:// or https:// URL"),
            });
        }
        if self.data_dir.as_os_str().is_empty() {
            return Err(ConfigError::Invalid { field: "data_dir", detail: "empty".into() });
        }
        if self.dev_guild == Some(0) {
            return Err(ConfigError::Invalid { field: "dev_guild", detail: "0 is not a guild id".into() });
        }
        self.shards()?;
        Ok(())
    }

    /// The shards this process runs, if it is part of a cluster (`None`: every shard).
    pub fn shards(&self) -> Result<Option<Shards>, ConfigError> {
        self.cluster
            .map(|c| c.shards())
            .transpose()
            .map_err(|e| ConfigError::Invalid { field: "cluster", detail: e.to_string() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_example_and_env_overrides() {
        let mut c = Config::parse(include_str!("../../config.example.toml")).expect("example parses");
        assert_eq!(c.data_dir, PathBuf::from("data"));
        assert!(!c.allow_hot_seat, "hot-seat is off by default");
        assert!(Config::parse("allow_hot_seat = true").expect("parses").allow_hot_seat);
        c.apply_env(|k| match k {
            "HOLONET_TOKEN" => Some("abc".into()),
            "HOLONET_API_PROXY" => Some("http://127.0.0.1:9".into()),
            _ => None,
        });
        assert_eq!(c.token, "abc");
        assert_eq!(c.api_proxy.as_deref(), Some("http://127.0.0.1:9"));
        c.validate().expect("valid");
    }

    #[test]
    fn errors_name_the_field() {
        let e = Config::parse("token = 5").unwrap_err();
        assert!(e.contains("token"), "{e}");
        let e = Config::parse("tokn = \"x\"").unwrap_err();
        assert!(e.contains("tokn"), "{e}");
        let c = Config::parse("token = \"x\"\napi_proxy = \"localhost\"").expect("parses");
        assert!(c.validate().unwrap_err().to_string().contains("api_proxy"));
        let c = Config::parse("").expect("parses");
        assert!(c.validate().unwrap_err().to_string().contains("token"));
    }

    #[test]
    fn a_cluster_table_names_the_shards_of_this_process() {
        let c = Config::parse("token = \"x\"\n[cluster]\nshards = \"1..2\"\nof = 3").expect("parses");
        let shards = c.shards().expect("valid").expect("a cluster");
        assert_eq!((shards.range.first, shards.range.last, shards.total), (1, 2, 3));
        assert_eq!(Config::parse("token = \"x\"").unwrap().shards().unwrap(), None, "no table: every shard");
        let c = Config::parse("token = \"x\"\n[cluster]\nshards = \"1..3\"\nof = 3").expect("parses");
        let e = c.validate().unwrap_err().to_string();
        assert!(e.contains("cluster") && e.contains("1..3 of 3"), "{e}");
        let e = Config::parse("[cluster]\nshards = \"one\"\nof = 3").unwrap_err();
        assert!(e.contains("not a shard range"), "{e}");
        let e = Config::parse("[cluster]\nshards = \"0..0\"").unwrap_err();
        assert!(e.contains("of"), "{e}");
    }
}
