//! Rulesets by id or by path to a ruleset TOML file, as the command line
//! names them (`carcassonne_loader`).

use std::path::Path;
use std::sync::{Arc, Mutex};

use carcassonne_codegen::lower;
use carcassonne_loader as load;
use carcassonne_runtime::record::SourceRec;
use carcassonne_runtime::Ruleset as Tables;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A ruleset a game can be played with: its tables, and for one read from a
/// file the copies of its files that records carry.
#[pyclass(module = "carcassonne", name = "Ruleset", frozen)]
#[derive(Clone)]
pub struct Ruleset {
    pub tables: &'static Tables,
    pub sources: Option<Arc<Vec<SourceRec>>>,
}

/// Rulesets compiled from files so far, by the files' text: the runtime's
/// tables live for the rest of the process (they are leaked, as the command
/// line does), so a file read again unchanged reuses its tables instead of
/// leaking another copy, and a changed file is compiled anew.
type Compiled = Vec<(Arc<Vec<SourceRec>>, &'static Tables)>;
static COMPILED: Mutex<Compiled> = Mutex::new(Vec::new());

impl Ruleset {
    /// The ruleset a Python argument names: None (base), an id, a path to a
    /// ruleset TOML file, or a `Ruleset`.
    pub fn from_arg(arg: Option<&Bound<'_, PyAny>>) -> PyResult<Ruleset> {
        let Some(r) = arg else {
            return Ruleset::load("base");
        };
        match r.cast::<Ruleset>() {
            Ok(r) => Ok(r.get().clone()),
            Err(_) => Ruleset::load(&r.extract::<String>().map_err(|_| {
                pyo3::exceptions::PyTypeError::new_err(
                    "ruleset is an id, a path to a ruleset .toml file, or a Ruleset",
                )
            })?),
        }
    }

    pub fn load(name: &str) -> PyResult<Ruleset> {
        let bad = |e: String| PyValueError::new_err(e);
        if !carcassonne_codegen::library::is_path(name) {
            let loaded = load::named(name).map_err(|e| bad(e.to_string()))?;
            return Ok(Ruleset {
                tables: loaded.rules,
                sources: None,
            });
        }
        let model = load::compile(Path::new(name)).map_err(|e| bad(e.to_string()))?;
        let sources: Vec<SourceRec> = model.sources.iter().map(load::source_rec).collect();
        let mut compiled = COMPILED.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((s, t)) = compiled.iter().find(|(s, _)| **s == sources) {
            return Ok(Ruleset {
                tables: t,
                sources: Some(s.clone()),
            });
        }
        let tables = load::leak(&lower::ruleset(&model));
        let sources = Arc::new(sources);
        compiled.push((sources.clone(), tables));
        Ok(Ruleset {
            tables,
            sources: Some(sources),
        })
    }
}

#[pymethods]
impl Ruleset {
    #[new]
    fn new(name: &str) -> PyResult<Ruleset> {
        Ruleset::load(name)
    }

    /// The ruleset's id (`base`, `everything_c1`, or a file's `id`).
    #[getter]
    fn id(&self) -> &'static str {
        self.tables.id
    }

    #[getter]
    fn name(&self) -> &'static str {
        self.tables.name
    }

    #[getter]
    fn min_players(&self) -> u8 {
        self.tables.options.min_players
    }

    #[getter]
    fn max_players(&self) -> u8 {
        self.tables.options.max_players
    }

    /// Tiles in the game, start tiles included.
    #[getter]
    fn total_tiles(&self) -> u16 {
        self.tables.total
    }

    /// The tile types' ids, in the order observations index them.
    #[getter]
    fn tile_ids(&self) -> Vec<&'static str> {
        self.tables.tiles.iter().map(|t| t.id).collect()
    }

    #[getter]
    fn mechanics(&self) -> Vec<&'static str> {
        self.tables.mechanics.to_vec()
    }

    /// Whether it was read from a file (records then carry its files).
    #[getter(from_file)]
    fn is_from_file(&self) -> bool {
        self.sources.is_some()
    }

    fn __repr__(&self) -> String {
        format!("Ruleset({:?})", self.tables.id)
    }
}

/// The ids of the compiled-in rulesets, sorted.
#[pyfunction]
pub fn rulesets() -> Vec<&'static str> {
    carcassonne_runtime::rulesets()
        .iter()
        .map(|r| r.id)
        .collect()
}
