//! What the scheduler and executor binaries share: logging as Ballista's own
//! binaries configure it (the level from `RUST_LOG`, else `--log-level-setting`;
//! to a file in `--log-dir` when given, else to standard error).

use ballista_core::config::LogRotationPolicy;
use tracing_subscriber::EnvFilter;

/// Where and how much to log.
pub struct Logging<'a> {
    /// The default filter (`--log-level-setting`), replaced by `RUST_LOG`.
    pub level: &'a str,
    /// `--log-dir`: log to a file there instead of standard error.
    pub dir: Option<&'a str>,
    /// The log file's name before the rotation suffix.
    pub file_prefix: String,
    /// `--log-rotation-policy`.
    pub rotation: LogRotationPolicy,
    /// `--print-thread-info`.
    pub thread_info: bool,
}

impl Logging<'_> {
    /// Installs the global subscriber.
    pub fn init(self) {
        let filter = std::env::var(EnvFilter::DEFAULT_ENV).unwrap_or_else(|_| self.level.to_string());
        let builder = tracing_subscriber::fmt()
            .with_ansi(false)
            .with_thread_names(self.thread_info)
            .with_thread_ids(self.thread_info)
            .with_env_filter(EnvFilter::new(filter));
        match self.dir {
            Some(dir) => {
                use tracing_appender::rolling;
                let file = match self.rotation {
                    LogRotationPolicy::Minutely => rolling::minutely(dir, self.file_prefix),
                    LogRotationPolicy::Hourly => rolling::hourly(dir, self.file_prefix),
                    LogRotationPolicy::Daily => rolling::daily(dir, self.file_prefix),
                    LogRotationPolicy::Never => rolling::never(dir, self.file_prefix),
                };
                builder.with_writer(file).init();
            }
            None => builder.with_writer(std::io::stderr).init(),
        }
    }
}
