//! `completions` and `man`: the shell completion scripts and the man page,
//! generated from the command line's definition.

use super::{write_out, Command, Stop};
use crate::context::Context;

/// Print a shell completion script
#[derive(Debug, clap::Parser)]
#[command(name = "completions")]
pub struct Completions {
    /// The shell
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

impl Command for Completions {
    fn files(&self) -> &[String] {
        &[]
    }

    fn run(&self, cx: &Context) -> Result<u8, Stop> {
        cx.no_records()?;
        let mut out = Vec::new();
        clap_complete::generate(self.shell, &mut (cx.cli)(), "uriscan", &mut out);
        Ok(write_out(&out))
    }
}

/// Print the man page (roff)
#[derive(Debug, clap::Parser)]
#[command(name = "man")]
pub struct Man {}

impl Command for Man {
    fn files(&self) -> &[String] {
        &[]
    }

    fn run(&self, cx: &Context) -> Result<u8, Stop> {
        cx.no_records()?;
        let mut out = Vec::new();
        if let Err(e) = clap_mangen::Man::new((cx.cli)()).render(&mut out) {
            eprintln!("uriscan: cannot render the man page: {e}");
            return Err(Stop::Status(3));
        }
        Ok(write_out(&out))
    }
}
