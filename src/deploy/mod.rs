//! How a Holonet process is deployed: its configuration file and its share of a cluster.

pub mod cluster;
pub mod config;
