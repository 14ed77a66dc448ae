//! `view`: one self-contained HTML file that steps through a game. The tile
//! drawings are inline SVG (`<defs>`, once each); the turns are inline JSON;
//! a small script builds the board for the step shown. No network, no
//! external assets.
//!
//! Stable element ids (the browser test uses them): `#turn` (with
//! `data-step`, `data-turn` and `data-final`), `#scores` (one row per seat,
//! the score in `#score-N`), `#events`, `#notes`, `#desc`, `#board`,
//! `#first`, `#prev`, `#next`, `#last`, `#slider`. Keys: ← →, Home, End.
//! What a seat holds is in `#held-KEY-N`, one line per key a module shows
//! (`Holding::key`: `#held-goods-0`, `#held-cards-1`); where the ruleset
//! has figures besides normal followers, each seat's supply by kind is in
//! `#supply-N`; `#figures` is a legend of the figures' and neutral figures'
//! shapes. Where players hold other players' figures (`Shown::held`:
//! prisoners), each seat's are drawn in `#figures-held-N`. On the board,
//! `#areas` holds the blocks with their sections and figures
//! (`Shown::areas`: the City of Carcassonne), `#trails` the paths taken in
//! the step shown and `#neutral` the figures of no player, with their
//! labels (`data-label-of`) and the figures on their tops (`data-top-of`).

use serde_json::{json, Value};

use crate::areas::{self, BoardArea};
use crate::figures::{self, BoardFigure, BoardNeutral};
use crate::geom::{self, num};
use crate::paint::{self, colour, esc};
use crate::svg;
use crate::timeline::Timeline;

fn tile_json(t: &svg::BoardTile) -> Value {
    json!([t.tile, t.x, t.y, t.rotation])
}

/// Numbers as the SVG writer rounds them, for a stable file.
fn rounded(v: f64) -> Value {
    serde_json::from_str(&num(v)).unwrap_or(Value::Null)
}

fn data(tl: &Timeline, lays: &[geom::Layout]) -> Value {
    let steps: Vec<Value> = (0..tl.steps.len())
        .map(|k| {
            let s = &tl.steps[k];
            let v = tl.board_view(k, lays);
            let followers: Vec<Value> = v.followers.iter().map(figure_json).collect();
            let events: Vec<Value> = s
                .events
                .iter()
                .zip(&s.event_lines)
                .map(|(e, text)| {
                    json!({ "player": e.player, "points": e.points, "feature": e.feature,
                            "reason": e.reason, "text": text })
                })
                .collect();
            let mut step = json!({
                "turn": s.turn,
                "final": s.is_final,
                "desc": tl.describe(k),
                "player": s.player,
                "placed": s.placed.as_ref().map(tile_json),
                "followers": followers,
                "events": events,
                "scores": s.scores,
                "discarded": s.discarded,
            });
            if s.part > 1 {
                step["part"] = json!(s.part);
            }
            if !s.set_aside.is_empty() {
                step["set_aside"] = json!(s.set_aside);
            }
            if !s.revealed.is_empty() {
                step["revealed"] = json!(s.revealed);
            }
            if tl.figure_kinds.len() > 1 {
                step["supply"] = json!(s.supply);
                step["in_supply"] = json!((0..tl.players.len())
                    .map(|p| supply_line(tl, k, p))
                    .collect::<Vec<_>>());
            }
            // Every step has every key, so the script clears a line when
            // what it showed is gone (a card changing hands).
            if !tl.held_keys.is_empty() {
                let held: Vec<Value> = (0..tl.players.len())
                    .map(|p| {
                        let row: serde_json::Map<String, Value> = tl
                            .held_keys
                            .iter()
                            .map(|&key| (key.to_string(), json!(tl.holding(k, p, key))))
                            .collect();
                        Value::Object(row)
                    })
                    .collect();
                step["held"] = json!(held);
            }
            if !v.neutral.is_empty() {
                step["neutral"] = json!(v.neutral.iter().map(neutral_json).collect::<Vec<_>>());
            }
            if !v.areas.is_empty() {
                step["areas"] = json!(v.areas.iter().map(area_json).collect::<Vec<_>>());
            }
            // Every step has it once some step does, so the script clears
            // a seat's figures when they are gone.
            if !tl.held_figure_keys.is_empty() {
                step["held_figures"] = json!((0..tl.players.len())
                    .map(|p| v
                        .held
                        .iter()
                        .filter(|h| usize::from(h.holder) == p)
                        .map(|h| {
                            let mut f = json!([h.key, h.figure.player, u8::from(paint::is_big(h.figure.kind))]);
                            if let (Some(id), Some(a)) = (figures::shape_id(h.figure.kind), f.as_array_mut()) {
                                a.push(json!(id));
                            }
                            f
                        })
                        .collect::<Vec<_>>())
                    .collect::<Vec<_>>());
            }
            if !v.trails.is_empty() {
                step["trails"] = json!(v
                    .trails
                    .iter()
                    .map(|t| json!({
                        "name": t.name,
                        "points": t.points.iter().map(|p| json!([rounded(p.x), rounded(p.y)])).collect::<Vec<_>>(),
                    }))
                    .collect::<Vec<_>>());
            }
            if !s.notes.is_empty() {
                step["notes"] = json!(s.notes);
            }
            if !s.state.is_empty() {
                step["state"] = Value::Object(s.state.clone());
            }
            step
        })
        .collect();
    let all = tl.tiles_at(tl.steps.len() - 1);
    let (x0, y0, x1, y1) = svg::bounds(&all);
    let mut d = json!({
        "ruleset": tl.rules.id,
        "placements": tl.placements,
        "finished": tl.finished,
        "tiles": tl.rules.tiles.iter().map(|t| t.id).collect::<Vec<_>>(),
        "players": tl.players.iter().enumerate().map(|(p, n)| json!({ "name": n, "colour": colour(p as u8) })).collect::<Vec<_>>(),
        "held_keys": tl.held_keys,
        "start": tl.start.iter().map(tile_json).collect::<Vec<_>>(),
        "bounds": [x0, y0, x1, y1],
        "big": paint::BIG,
        "steps": steps,
    });
    if tl.steps.iter().any(|s| !s.areas.is_empty()) {
        d["area_style"] = json!({
            "wall": areas::WALL, "dashes": areas::WALL_LIGHT, "ground": areas::GROUND,
            "section": areas::SECTION, "edge": areas::SECTION_EDGE,
        });
    }
    d
}

/// A figure as the script draws it: `[player, x, y, farmer, big]` and,
/// for a figure with a shape of its own, the shape.
fn figure_json(f: &BoardFigure) -> Value {
    let (p, at) = (f.follower.player, f.follower.at);
    let mut v = json!([
        p,
        rounded(at.x),
        rounded(at.y),
        u8::from(f.follower.farmer),
        u8::from(f.follower.big)
    ]);
    if let (Some(id), Some(a)) = (figures::shape_id(f.kind), v.as_array_mut()) {
        a.push(json!(id));
    }
    v
}

/// A neutral figure: `[name, x, y, scale]`, then, where it has a label or
/// a figure on top, `[label, x, y]` (or null) and the figure on top (or
/// null).
fn neutral_json(n: &BoardNeutral) -> Value {
    let mut v = json!([
        n.def.name,
        rounded(n.at.x),
        rounded(n.at.y),
        rounded(n.scale)
    ]);
    if n.label.is_some() || n.top.is_some() {
        let p = n.label_point();
        let label = n
            .label
            .as_ref()
            .map_or(Value::Null, |l| json!([l, rounded(p.x), rounded(p.y)]));
        if let Some(a) = v.as_array_mut() {
            a.push(label);
            a.push(n.top.as_ref().map_or(Value::Null, figure_json));
        }
    }
    v
}

fn rect_json(r: &areas::Rect) -> Value {
    json!([rounded(r.x), rounded(r.y), rounded(r.w), rounded(r.h)])
}

/// An area as the script draws it: its name, cells, box and plaque, and
/// each section's name, box, label point and figures (`figure_json`).
fn area_json(a: &BoardArea) -> Value {
    json!({
        "name": a.name,
        "cells": a.cells,
        "box": rect_json(&a.rect),
        "plaque": rect_json(&a.plaque),
        "sections": a.sections.iter().map(|s| json!({
            "name": s.name,
            "box": rect_json(&s.rect),
            "label": [rounded(s.label.x), rounded(s.label.y)],
            "figures": s.figures.iter().map(figure_json).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    })
}

/// Seat `p`'s supply line at step `k` ("in supply: 6 followers · 1
/// builder"), or "" where the ruleset has only normal followers.
fn supply_line(tl: &Timeline, k: usize, p: usize) -> String {
    let supply = tl.supply_text(k, p);
    if supply.is_empty() {
        supply
    } else {
        format!("in supply: {supply}")
    }
}

/// A legend of the shapes the game's figures are drawn with beyond the
/// meeple, and of its neutral figures; empty where there are none.
fn figure_legend(tl: &Timeline) -> String {
    let item = |shape: &str, name: &str| {
        format!(
            r##"<span class="fig"><svg viewBox="-15 -15 30 30" width="24" height="24"><use href="#{shape}" fill="#8a8a8a"/></svg>{}</span>"##,
            esc(name)
        )
    };
    let mut items = String::new();
    let mut shapes = 0;
    for &kind in &tl.figure_kinds {
        match figures::shape_id(kind) {
            Some(id) => {
                items.push_str(&item(id, kind.def().label));
                shapes += 1;
            }
            None if kind == carcassonne_runtime::engine::FollowerKind::Normal => {
                items.push_str(&item("meeple", kind.def().label));
            }
            None => {}
        }
    }
    for n in &tl.neutrals {
        items.push_str(&item(n.name, n.name));
        shapes += 1;
    }
    if shapes > 0 {
        format!(r#"<div id="figures">{items}</div>"#)
    } else {
        String::new()
    }
}

const STYLE: &str = r#"
* { box-sizing: border-box; }
body { margin: 0; font-family: "DejaVu Sans", Arial, sans-serif; background: #f3efe4; color: #2b2b2b; }
header { padding: 10px 16px 4px; }
h1 { font-size: 20px; margin: 0 0 2px; }
#meta { font-size: 13px; color: #555; }
#controls { display: flex; align-items: center; gap: 8px; padding: 8px 16px; flex-wrap: wrap; }
#controls button { font-size: 14px; padding: 4px 10px; border: 1px solid #8a7a60; background: #fffaf0; border-radius: 4px; cursor: pointer; }
#controls button:disabled { opacity: 0.4; cursor: default; }
#turn { font-weight: bold; min-width: 150px; text-align: center; }
#slider { flex: 1; min-width: 160px; }
main { display: flex; gap: 16px; padding: 0 16px 16px; align-items: flex-start; }
#board-wrap { flex: 1; background: #e9e2d0; border: 1px solid #c9bd9f; border-radius: 6px; padding: 8px; min-width: 0; }
#board { width: 100%; height: auto; max-height: 82vh; display: block; }
aside { width: 300px; flex: none; }
table { border-collapse: collapse; width: 100%; background: #fffaf0; border: 1px solid #c9bd9f; }
td { padding: 4px 6px; font-size: 14px; }
td.swatch { width: 22px; }
td.swatch span { display: inline-block; width: 14px; height: 14px; border: 1px solid #111; border-radius: 3px; vertical-align: middle; }
td.score { text-align: right; font-weight: bold; vertical-align: top; }
.held { font-size: 11px; color: #666; }
.held:empty { display: none; }
.held svg { vertical-align: middle; }
#figures { font-size: 12px; color: #555; margin-top: 10px; display: flex; flex-wrap: wrap; gap: 4px 12px; }
#figures .fig { display: inline-flex; align-items: center; gap: 3px; }
tr.lead td { background: #fff1b8; }
h3 { font-size: 14px; margin: 14px 0 4px; }
#desc { font-size: 13px; }
#events { font-size: 13px; padding-left: 18px; margin: 4px 0; }
#events li.none { list-style: none; margin-left: -18px; color: #777; }
#notes { font-size: 12px; color: #555; }
.keys { font-size: 11px; color: #777; margin-top: 14px; }
"#;

const SCRIPT: &str = r#"
(function () {
  'use strict';
  var D = JSON.parse(document.getElementById('game-data').textContent);
  var NS = 'http://www.w3.org/2000/svg';
  var TRAIL = '#8c1c13';
  var last = D.steps.length - 1;
  var k = 0;
  var el = function (id) { return document.getElementById(id); };
  function place(node, t) {
    node.setAttribute('transform', 'translate(' + t[1] * 100 + ' ' + t[2] * 100 + ')');
    return node;
  }
  function use(href) {
    var u = document.createElementNS(NS, 'use');
    u.setAttribute('href', href);
    return u;
  }
  function svgEl(tag, attrs, text) {
    var e = document.createElementNS(NS, tag);
    Object.keys(attrs).forEach(function (a) { e.setAttribute(a, attrs[a]); });
    if (text !== undefined) e.textContent = text;
    return e;
  }
  var FONT = 'DejaVu Sans, Arial, sans-serif';
  // f: [player, x, y, farmer, big, shape]; the shape of a figure that has
  // one of its own, which stands upright.
  function figure(f) {
    var u = use('#' + (f[5] || 'meeple'));
    u.setAttribute('transform', 'translate(' + f[1] + ' ' + f[2] + ')' +
      (f[3] && !f[5] ? ' rotate(90)' : '') + (f[4] ? ' scale(' + D.big + ')' : ''));
    u.setAttribute('fill', D.players[f[0]].colour);
    u.setAttribute('class', 'follower');
    u.setAttribute('data-player', f[0]);
    if (f[5]) u.setAttribute('data-figure', f[5]);
    return u;
  }
  function rect(b, attrs) {
    attrs.x = b[0]; attrs.y = b[1]; attrs.width = b[2]; attrs.height = b[3];
    return svgEl('rect', attrs);
  }
  // A block over its cells: walled, its name on the top wall, each
  // section boxed with its name and figures (as areas.rs draws them).
  function area(a) {
    var st = D.area_style;
    var g = svgEl('g', { 'data-area': a.name });
    g.appendChild(rect(a.box, { rx: 8, fill: st.ground, 'fill-opacity': 0.94, stroke: st.wall, 'stroke-width': 5 }));
    g.appendChild(rect(a.box, { rx: 8, fill: 'none', stroke: st.dashes, 'stroke-width': 1.5, 'stroke-dasharray': '5 4' }));
    a.sections.forEach(function (s) {
      var sg = svgEl('g', { 'data-section': s.name });
      sg.appendChild(rect(s.box, { rx: 4, fill: st.section, stroke: st.edge, 'stroke-width': 1 }));
      sg.appendChild(svgEl('text', { x: s.label[0], y: s.label[1], 'font-family': FONT, 'font-size': 10,
        'font-weight': 'bold', fill: st.wall }, s.name));
      s.figures.forEach(function (f) {
        var fg = svgEl('g', { 'data-player': f[0] });
        fg.appendChild(figure(f));
        sg.appendChild(fg);
      });
      g.appendChild(sg);
    });
    var p = a.plaque;
    g.appendChild(rect(p, { rx: 3, fill: st.wall }));
    g.appendChild(svgEl('text', { x: p[0] + p[2] / 2, y: p[1] + 10.5, 'font-family': FONT, 'font-size': 10,
      'font-weight': 'bold', 'text-anchor': 'middle', fill: '#fff' }, a.name));
    return g;
  }
  function show(n) {
    k = Math.max(0, Math.min(last, n));
    var s = D.steps[k];
    var tiles = el('tiles');
    tiles.replaceChildren();
    D.start.forEach(function (t) { tiles.appendChild(place(use('#t' + t[0] + 'r' + t[3] % 4), t)); });
    for (var i = 1; i <= k; i++) {
      var p = D.steps[i].placed;
      if (p) tiles.appendChild(place(use('#t' + p[0] + 'r' + p[3] % 4), p));
    }
    var hl = el('highlight');
    hl.replaceChildren();
    if (s.placed) {
      ['#111', '#ffe14d'].forEach(function (c, j) {
        var r = document.createElementNS(NS, 'rect');
        r.setAttribute('x', s.placed[1] * 100); r.setAttribute('y', s.placed[2] * 100);
        r.setAttribute('width', 100); r.setAttribute('height', 100);
        r.setAttribute('fill', 'none'); r.setAttribute('stroke', c);
        r.setAttribute('stroke-width', j ? 4 : 7);
        hl.appendChild(r);
      });
    }
    var tr = el('trails');
    tr.replaceChildren();
    (s.trails || []).forEach(function (t) {
      // A path taken in this step: a dashed line, a ring where it started.
      var g = document.createElementNS(NS, 'g');
      g.setAttribute('data-trail', t.name);
      var d = t.points.map(function (p, i) { return (i ? 'L' : 'M') + p[0] + ' ' + p[1]; }).join(' ');
      [['#fff', 6, null], [TRAIL, 3, '9 6']].forEach(function (l) {
        var path = document.createElementNS(NS, 'path');
        path.setAttribute('d', d);
        path.setAttribute('fill', 'none');
        path.setAttribute('stroke', l[0]);
        path.setAttribute('stroke-width', l[1]);
        if (l[2]) path.setAttribute('stroke-dasharray', l[2]);
        else path.setAttribute('stroke-opacity', 0.7);
        path.setAttribute('stroke-linejoin', 'round');
        path.setAttribute('stroke-linecap', 'round');
        g.appendChild(path);
      });
      t.points.forEach(function (p, i) {
        var c = document.createElementNS(NS, 'circle');
        c.setAttribute('cx', p[0]); c.setAttribute('cy', p[1]);
        c.setAttribute('r', i ? 3.5 : 7);
        c.setAttribute('fill', i ? TRAIL : '#fff');
        c.setAttribute('stroke', TRAIL); c.setAttribute('stroke-width', 2);
        g.appendChild(c);
      });
      tr.appendChild(g);
    });
    var ar = el('areas');
    if (ar) {
      ar.replaceChildren();
      (s.areas || []).forEach(function (a) { ar.appendChild(area(a)); });
    }
    var fol = el('followers');
    fol.replaceChildren();
    s.followers.forEach(function (f) { fol.appendChild(figure(f)); });
    var neu = el('neutral');
    neu.replaceChildren();
    (s.neutral || []).forEach(function (n) {
      var u = use('#' + n[0]);
      u.setAttribute('transform', 'translate(' + n[1] + ' ' + n[2] + ')' + (n[3] !== 1 ? ' scale(' + n[3] + ')' : ''));
      u.setAttribute('data-neutral', n[0]);
      neu.appendChild(u);
      // n[4]: [label, x, y], the badge with the word on it; n[5]: the
      // figure on its top.
      if (n[4]) {
        u.setAttribute('data-label', n[4][0]);
        var b = svgEl('g', { 'data-label-of': n[0], transform: 'translate(' + n[4][1] + ' ' + n[4][2] + ')' });
        b.appendChild(svgEl('circle', { r: 4 + 2.6 * String(n[4][0]).length, fill: '#fff', stroke: '#222', 'stroke-width': 1.2 }));
        b.appendChild(svgEl('text', { y: 3.6, 'font-family': FONT, 'font-size': 10, 'font-weight': 'bold',
          'text-anchor': 'middle', fill: '#222' }, n[4][0]));
        neu.appendChild(b);
      }
      if (n[5]) {
        var t = svgEl('g', { 'data-top-of': n[0] });
        t.appendChild(figure(n[5]));
        neu.appendChild(t);
      }
    });
    var turn = el('turn');
    turn.textContent = s.final ? 'Final scoring' :
      (k === 0 ? 'Start' : 'Turn ' + s.turn + ' / ' + D.placements + (s.part ? ' (part ' + s.part + ')' : ''));
    turn.setAttribute('data-part', s.part || 1);
    turn.setAttribute('data-step', k);
    turn.setAttribute('data-turn', s.turn);
    turn.setAttribute('data-final', s.final ? '1' : '0');
    var best = Math.max.apply(null, s.scores);
    s.scores.forEach(function (v, p) {
      el('score-' + p).textContent = v;
      el('row-' + p).className = (v === best && best > 0) ? 'lead' : '';
    });
    D.players.forEach(function (_, p) {
      D.held_keys.forEach(function (key) {
        var h = el('held-' + key + '-' + p);
        if (h) h.textContent = (s.held && s.held[p][key]) || '';
      });
      var f = el('supply-' + p);
      if (f && s.in_supply) f.textContent = s.in_supply[p];
      // Figures the seat holds (prisoners): each key's word, then the
      // figures in their owners' colours.
      var hf = el('figures-held-' + p);
      if (hf && s.held_figures) {
        hf.replaceChildren();
        var keys = [];
        s.held_figures[p].forEach(function (h) { if (keys.indexOf(h[0]) < 0) keys.push(h[0]); });
        keys.forEach(function (key) {
          var mine = s.held_figures[p].filter(function (h) { return h[0] === key; });
          var span = document.createElement('span');
          span.setAttribute('data-key', key);
          span.textContent = key + ': ';
          // A big follower takes the room its larger drawing needs.
          var sv = svgEl('svg', {});
          var along = 0;
          mine.forEach(function (h) {
            var w = h[2] ? 18 * D.big : 18;
            along += w;
            var g = svgEl('g', { 'data-player': h[1] });
            g.appendChild(figure([h[1], along - w / 2, 0, 0, h[2], h[3]]));
            sv.appendChild(g);
          });
          sv.setAttribute('viewBox', '-2 -14 ' + (along + 4) + ' 28');
          sv.setAttribute('width', Math.round((along + 4) * 0.65));
          sv.setAttribute('height', 18);
          span.appendChild(sv);
          hf.appendChild(span);
        });
      }
    });
    var notes = el('notes');
    notes.replaceChildren();
    (s.notes || []).forEach(function (n) {
      var div = document.createElement('div');
      div.textContent = n;
      notes.appendChild(div);
    });
    el('desc').textContent = s.desc;
    var ev = el('events');
    ev.replaceChildren();
    s.events.forEach(function (e) {
      var li = document.createElement('li');
      li.textContent = e.text;
      li.style.color = D.players[e.player].colour === '#f2c200' ? '#8a6d00' : D.players[e.player].colour;
      ev.appendChild(li);
    });
    s.discarded.forEach(function (d) {
      var li = document.createElement('li');
      li.textContent = d + ' was drawn and removed: it fits nowhere';
      ev.appendChild(li);
    });
    (s.set_aside || []).forEach(function (d) {
      var li = document.createElement('li');
      li.textContent = d + ' was drawn and set aside, to come back later';
      ev.appendChild(li);
    });
    (s.revealed || []).forEach(function (d) {
      var li = document.createElement('li');
      li.textContent = d + ' was turned face up';
      ev.appendChild(li);
    });
    if (!ev.children.length) {
      var li = document.createElement('li');
      li.className = 'none';
      li.textContent = 'no points this turn';
      ev.appendChild(li);
    }
    el('first').disabled = el('prev').disabled = k === 0;
    el('last').disabled = el('next').disabled = k === last;
    el('slider').value = k;
  }
  el('first').addEventListener('click', function () { show(0); });
  el('prev').addEventListener('click', function () { show(k - 1); });
  el('next').addEventListener('click', function () { show(k + 1); });
  el('last').addEventListener('click', function () { show(last); });
  el('slider').addEventListener('input', function () { show(+el('slider').value); });
  document.addEventListener('keydown', function (e) {
    if (e.key === 'ArrowRight') show(k + 1);
    else if (e.key === 'ArrowLeft') show(k - 1);
    else if (e.key === 'Home') show(0);
    else if (e.key === 'End') show(last);
    else return;
    e.preventDefault();
  });
  show(0);
})();
"#;

/// The viewer page for a game.
pub fn html(tl: &Timeline) -> String {
    let lays = geom::layouts(tl.rules.tiles);
    let d = data(tl, &lays);
    // `</` cannot end the script element early once escaped.
    let json = serde_json::to_string(&d)
        .unwrap_or_else(|_| "{}".into())
        .replace("</", "<\\/");
    let all = tl.tiles_at(tl.steps.len() - 1);
    let (x0, y0, x1, y1) = svg::bounds(&all);
    let pad = 20;
    let vb = format!(
        "{} {} {} {}",
        x0 * 100 - pad,
        y0 * 100 - pad,
        (x1 - x0 + 1) * 100 + 2 * pad,
        (y1 - y0 + 1) * 100 + 2 * pad
    );
    let used = svg::used(tl.rules, &all);
    let defs = svg::defs(tl.rules, &lays, &used)
        + &figures::defs(tl.figure_kinds.clone())
        + &figures::neutral_defs(&tl.neutrals);
    // What each seat holds and its supply start as the start shows them;
    // a key's line is there from the start, empty until something comes
    // (`.held:empty` hides it).
    let mut rows = String::new();
    for (p, name) in tl.players.iter().enumerate() {
        let mut lines = String::new();
        for key in &tl.held_keys {
            lines.push_str(&format!(
                r#"<div class="held" id="held-{}-{p}">{}</div>"#,
                esc(key),
                esc(&tl.holding(0, p, key))
            ));
        }
        if tl.figure_kinds.len() > 1 {
            lines.push_str(&format!(
                r#"<div class="held" id="supply-{p}">{}</div>"#,
                esc(&supply_line(tl, 0, p))
            ));
        }
        if !tl.held_figure_keys.is_empty() {
            lines.push_str(&format!(
                r#"<div class="held" id="figures-held-{p}"></div>"#
            ));
        }
        rows.push_str(&format!(
            r#"<tr id="row-{p}" data-player="{p}"><td class="swatch"><span style="background:{}"></span></td><td>P{p} {}{lines}</td><td class="score" id="score-{p}">0</td></tr>"#,
            colour(p as u8),
            esc(name)
        ));
    }
    let seed = tl
        .record
        .seed
        .map_or("scenario".to_string(), |s| format!("seed {s}"));
    let state = if tl.finished {
        "finished".to_string()
    } else {
        "not finished".to_string()
    };
    let title = format!("{} — game viewer", tl.rules.name);
    format!(
        r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>{STYLE}</style>
</head>
<body>
<header>
<h1>{name}</h1>
<div id="meta">ruleset {id} · {seed} · {players} players · {placements} tiles placed · {state}</div>
</header>
<div id="controls">
<button id="first" title="first (Home)">« first</button>
<button id="prev" title="previous (←)">◀ prev</button>
<span id="turn" data-step="0" data-turn="0" data-final="0">Start</span>
<button id="next" title="next (→)">next ▶</button>
<button id="last" title="last (End)">last »</button>
<input type="range" id="slider" min="0" max="{max}" value="0" aria-label="step">
</div>
<main>
<div id="board-wrap">
<svg id="board" xmlns="http://www.w3.org/2000/svg" viewBox="{vb}">
<defs>{defs}</defs>
<g id="tiles"></g>{areas}<g id="highlight"></g><g id="trails"></g><g id="followers"></g><g id="neutral"></g>
</svg>
</div>
<aside>
<table id="scores">{rows}</table>
{legend}
<h3>This turn</h3>
<div id="desc"></div>
<ul id="events"></ul>
<div id="notes"></div>
<div class="keys">keys: ← previous · → next · Home first · End last</div>
</aside>
</main>
<script type="application/json" id="game-data">{json}</script>
<script>{SCRIPT}</script>
</body>
</html>
"#,
        title = esc(&title),
        name = esc(tl.rules.name),
        id = esc(tl.rules.id),
        seed = esc(&seed),
        players = tl.record.players,
        placements = tl.placements,
        state = state,
        max = tl.steps.len() - 1,
        vb = vb,
        defs = defs,
        rows = rows,
        legend = figure_legend(tl),
        // Only a game with blocks on its board (`Shown::areas`) has their
        // layer, over the tiles.
        areas = if tl.steps.iter().any(|s| !s.areas.is_empty()) {
            r#"<g id="areas"></g>"#
        } else {
            ""
        },
        json = json
    )
}
