//! A running `carcassonne web` for the tests, and a small HTTP/1.1 client
//! for its JSON routes (loopback only).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, ChildStdout, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// The server, stopped (killed) when dropped if still running.
pub struct Web {
    child: Child,
    out: BufReader<ChildStdout>,
    /// `127.0.0.1:PORT`.
    pub addr: String,
}

/// A reply: its status and its body, read as JSON where it is JSON.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: String,
    pub text: String,
    pub json: Value,
}

impl Reply {
    /// The error code of a refused request.
    pub fn code(&self) -> &str {
        self.json["error"]["code"].as_str().unwrap_or("")
    }
}

impl Web {
    /// `carcassonne web --port 0` with `args`, once it has printed where
    /// it listens.
    pub fn start(args: &[&str]) -> Web {
        let mut child = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
            .arg("web")
            .args(["--port", "0"])
            .args(args)
            .current_dir(super::root())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start carcassonne web");
        let mut out = BufReader::new(child.stdout.take().expect("stdout"));
        let mut line = String::new();
        out.read_line(&mut line).expect("read the address");
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|r| r.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        Web { child, out, addr }
    }

    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// One request on a connection of its own.
    pub fn raw(&self, method: &str, path: &str, body: &[u8]) -> Reply {
        let mut s = TcpStream::connect(&self.addr).expect("connect");
        s.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            self.addr,
            body.len()
        );
        s.write_all(head.as_bytes()).expect("send");
        // A body the server refuses unread may close the connection early.
        let _ = s.write_all(body);
        let mut got = Vec::new();
        let _ = s.read_to_end(&mut got);
        let text = String::from_utf8_lossy(&got).to_string();
        let (headers, body) = text
            .split_once("\r\n\r\n")
            .unwrap_or_else(|| panic!("no reply to {method} {path}: {text:?}"));
        let status: u16 = headers
            .split(' ')
            .nth(1)
            .and_then(|c| c.parse().ok())
            .expect("a status");
        let body = if headers
            .to_ascii_lowercase()
            .contains("transfer-encoding: chunked")
        {
            unchunk(body)
        } else {
            body.to_string()
        };
        let json = serde_json::from_str(&body).unwrap_or(Value::Null);
        Reply {
            status,
            headers: headers.to_string(),
            text: body,
            json,
        }
    }

    pub fn get(&self, path: &str) -> Reply {
        self.raw("GET", path, b"")
    }

    pub fn post(&self, path: &str, body: &Value) -> Reply {
        self.raw("POST", path, body.to_string().as_bytes())
    }

    /// Ctrl-C (SIGINT), then the exit status and what it printed after
    /// its address.
    pub fn interrupt(mut self) -> (ExitStatus, String) {
        let pid = self.child.id().to_string();
        let ok = Command::new("kill")
            .args(["-INT", &pid])
            .status()
            .expect("run kill");
        assert!(ok.success(), "kill -INT {pid}");
        let t0 = Instant::now();
        let status = loop {
            if let Some(s) = self.child.try_wait().expect("wait") {
                break s;
            }
            assert!(
                t0.elapsed() < Duration::from_secs(20),
                "the server did not stop within 20 s of Ctrl-C"
            );
            std::thread::sleep(Duration::from_millis(50));
        };
        let mut rest = String::new();
        let _ = self.out.read_to_string(&mut rest);
        (status, rest)
    }
}

impl Drop for Web {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

fn unchunk(body: &str) -> String {
    let mut out = String::new();
    let mut rest = body;
    while let Some((size, after)) = rest.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || after.len() < n {
            break;
        }
        out.push_str(&after[..n]);
        rest = after[n..].trim_start_matches("\r\n");
    }
    out
}
