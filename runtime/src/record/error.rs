//! Why a record does not replay.

/// Why a record does not replay. `turn` counts entries of `turns` from 1
/// (0: the record's header).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("turn {turn}: {reason}")]
pub struct ReplayError {
    /// The entry of `turns` that fails, from 1 (0: the header).
    pub turn: usize,
    /// What is wrong with it.
    pub reason: String,
}

pub(crate) fn fail<T>(turn: usize, reason: impl Into<String>) -> Result<T, ReplayError> {
    Err(ReplayError {
        turn,
        reason: reason.into(),
    })
}
