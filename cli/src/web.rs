//! `carcassonne web`: a local HTTP server with one page on which people
//! play any ruleset against each other and the bots (docs/guide/web.md).
//!
//! The server binds 127.0.0.1 unless told otherwise, prints its address
//! and stops on Ctrl-C. The page (`web/assets/`, built into the program)
//! speaks JSON to a few routes:
//!
//! - `GET /api/setup`: the rulesets offered (the compiled-in ones and the
//!   file given with `--ruleset`), their player counts, the bots;
//! - `POST /api/games`: a new game, `{"ruleset", "seats", "seed"}`;
//! - `POST /api/resume`: a game from a record, `{"record", "seats"}`;
//! - `GET /api/games/ID`: the game as the page shows it (`show`);
//! - `POST /api/games/ID`: an answer, `{"cmd": "apply", "index": N}`,
//!   a bot's move `{"cmd": "bot"}`, or `{"cmd": "undo"}`;
//! - `GET /api/games/ID/record`: the record (a download);
//! - `DELETE /api/games/ID`: close it.
//!
//! Every reply is `{"ok": true, ...}` or, for a refused request, `{"ok":
//! false, "error": {"code", "message"}}` with the protocol's codes
//! (docs/protocol.md); a refused request changes nothing. No request
//! names a file: the only file read is the ruleset file given when the
//! server starts, compiled once then.

mod resume;
mod show;
pub mod store;
pub mod table;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use clap::Args;
use serde_json::Value;

use crate::load;
use crate::serve::protocol::{self, Code, Failure};
use store::Store;
use table::{Offer, FILE_KEY};

#[derive(Debug, Args)]
pub struct WebArgs {
    /// The port to listen on (0: any free port; the address is printed).
    #[arg(long, default_value_t = 0)]
    pub port: u16,
    /// The address to listen on. Anyone who can reach it can play and
    /// start games: keep the default unless the network is yours.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    pub host: IpAddr,
    /// A ruleset .toml file to offer besides the compiled-in rulesets
    /// (selected first), or a compiled-in ruleset's id to select first.
    #[arg(long, value_name = "FILE|ID")]
    pub ruleset: Option<String>,
}

/// The page, its script and its style, built in.
const INDEX: &str = include_str!("web/assets/index.html");
const SCRIPT: &str = include_str!("web/assets/app.js");
const STYLE: &str = include_str!("web/assets/style.css");

/// The largest request body: a record with the copies of its ruleset
/// file's sources.
const MAX_BODY: usize = 16 << 20;

/// How long a stop waits for requests under way (a bot thinking).
const STOP_GRACE: Duration = Duration::from_secs(5);

/// The rulesets a server offers: every compiled-in one, and the file, if
/// one is named (compiled now, once: the only file the server reads).
pub fn offers(ruleset: Option<&str>) -> Result<(Vec<Offer>, String), String> {
    let mut offers: Vec<Offer> = carcassonne_runtime::rulesets()
        .iter()
        .map(|&rules| Offer {
            key: rules.id.to_string(),
            rules,
            sources: None,
            file: None,
        })
        .collect();
    let default = match ruleset {
        None => "base".to_string(),
        Some(name) if !carcassonne_codegen::library::is_path(name) => {
            load::ruleset(name).map_err(|e| e.to_string())?;
            name.to_string()
        }
        Some(path) => {
            let l = load::named(path).map_err(|e| e.to_string())?;
            offers.insert(
                0,
                Offer {
                    key: FILE_KEY.to_string(),
                    rules: l.rules,
                    sources: l.sources,
                    file: Some(path.to_string()),
                },
            );
            FILE_KEY.to_string()
        }
    };
    Ok((offers, default))
}

/// Serve until Ctrl-C.
pub fn run(args: WebArgs) -> Result<(), String> {
    let (offers, default) = offers(args.ruleset.as_deref())?;
    let store = Arc::new(Store::new(offers, default));
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("web: error: cannot start: {e}"))?;
    rt.block_on(async move {
        let addr = SocketAddr::new(args.host, args.port);
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| format!("web: error: cannot listen on {addr}: {e}"))?;
        let bound = listener
            .local_addr()
            .map_err(|e| format!("web: error: {e}"))?;
        crate::say!("carcassonne web: open http://{bound}/ in a browser (Ctrl-C stops)");
        let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
        let server = axum::serve(listener, app(store)).with_graceful_shutdown(async move {
            let _ = stop_rx.await;
        });
        let serving = tokio::spawn(async move { server.await });
        tokio::signal::ctrl_c()
            .await
            .map_err(|e| format!("web: error: cannot wait for Ctrl-C: {e}"))?;
        let _ = stop_tx.send(());
        // Requests under way may finish; an idle browser's open
        // connection does not hold the stop up for longer.
        if let Ok(Ok(Err(e))) = tokio::time::timeout(STOP_GRACE, serving).await {
            return Err(format!("web: error: {e}"));
        }
        crate::say!("carcassonne web: stopped");
        Ok(())
    })?;
    // Blocking work still under way (a bot thinking) is not waited for.
    rt.shutdown_timeout(Duration::from_millis(100));
    Ok(())
}

/// The routes.
pub fn app(store: Arc<Store>) -> Router {
    Router::new()
        .route(
            "/",
            get(|| async { asset(INDEX, "text/html; charset=utf-8") }),
        )
        .route(
            "/app.js",
            get(|| async { asset(SCRIPT, "text/javascript; charset=utf-8") }),
        )
        .route(
            "/style.css",
            get(|| async { asset(STYLE, "text/css; charset=utf-8") }),
        )
        .route(
            "/api/setup",
            get(|State(s): State<Arc<Store>>| async move { answer(Ok(s.setup())) }),
        )
        .route(
            "/api/games",
            axum::routing::post(|State(s): State<Arc<Store>>, body: Bytes| {
                blocking(move || s.create(&body))
            }),
        )
        .route(
            "/api/resume",
            axum::routing::post(|State(s): State<Arc<Store>>, body: Bytes| {
                blocking(move || s.resume(&body))
            }),
        )
        .route(
            "/api/games/{id}",
            get(|State(s): State<Arc<Store>>, Path(id): Path<String>| {
                blocking(move || s.view(&id))
            })
            .post(
                |State(s): State<Arc<Store>>, Path(id): Path<String>, body: Bytes| {
                    blocking(move || s.act(&id, &body))
                },
            )
            .delete(|State(s): State<Arc<Store>>, Path(id): Path<String>| {
                blocking(move || s.close(&id))
            }),
        )
        .route(
            "/api/games/{id}/record",
            get(
                |State(s): State<Arc<Store>>, Path(id): Path<String>| async move {
                    let got = tokio::task::spawn_blocking(move || s.record(&id)).await;
                    match got {
                        Ok(Ok((name, body))) => download(&name, body),
                        Ok(Err(f)) => answer(Err(f)),
                        Err(_) => answer(Err(internal())),
                    }
                },
            ),
        )
        .fallback(|| async {
            answer(Err(Failure::new(
                Code::UnknownCommand,
                "no such page: the game is at /, its requests under /api/",
            )))
        })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(store)
}

fn asset(body: &'static str, kind: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-store"),
        ],
        body,
    )
        .into_response()
}

fn internal() -> Failure {
    Failure::new(
        Code::Internal,
        "the request failed inside the server (a bug; please report it); the game is as it was",
    )
}

/// Run `f` off the async threads (a bot may think for a while), and
/// answer with its outcome; a panic is an internal error, not a stop.
async fn blocking(f: impl FnOnce() -> store::Reply + Send + 'static) -> Response {
    let got = tokio::task::spawn_blocking(move || catch_unwind(AssertUnwindSafe(f))).await;
    match got {
        Ok(Ok(outcome)) => answer(outcome),
        _ => answer(Err(internal())),
    }
}

/// A reply as the protocol words it, with an HTTP status to match.
fn answer(outcome: store::Reply) -> Response {
    let status = match &outcome {
        Ok(_) => StatusCode::OK,
        Err(f) => match f.code {
            Code::NoGame | Code::UnknownCommand => StatusCode::NOT_FOUND,
            Code::Internal => StatusCode::INTERNAL_SERVER_ERROR,
            _ => StatusCode::BAD_REQUEST,
        },
    };
    let fields = outcome.map(|v| match v {
        Value::Object(m) => m,
        other => {
            let mut m = serde_json::Map::new();
            m.insert("value".into(), other);
            m
        }
    });
    let body = protocol::reply(None, fields).to_string();
    (
        status,
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        body,
    )
        .into_response()
}

fn download(name: &str, body: Vec<u8>) -> Response {
    let mut r = (
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        body,
    )
        .into_response();
    // The name is the ruleset's id and a number: nothing to quote.
    let safe: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        .collect();
    if let Ok(v) = HeaderValue::from_str(&format!("attachment; filename=\"{safe}\"")) {
        r.headers_mut().insert(header::CONTENT_DISPOSITION, v);
    }
    r
}
