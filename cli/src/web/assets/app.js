// The page of `carcassonne web`: sets a game up, draws what the server
// sends (the board as the project's renderer draws it), and sends back the
// index of the legal action a person chose. Everything a person may do
// comes from the server's view: placements by cell, and every other answer
// as a labelled choice, with a marker on the board where it has a point.
// Nothing here knows a set's rules, so a new set needs no change.
//
// The game shown is the one in the address (#game=N): each tab plays its
// own. ?pace=MS sets how long the page waits before each bot move.
'use strict';
(() => {
  const $ = (id) => document.getElementById(id);
  const SVGNS = 'http://www.w3.org/2000/svg';
  const params = new URLSearchParams(location.search);

  let setup = null; // GET /api/setup
  let view = null; // the game as last sent
  let gameId = null;
  let sel = null; // the chosen placement: { cell, ri } (ri indexes its options)
  let turnPref = 0; // the rotation the person last chose
  let zoom = 1; // 1: the board fits
  let botTimer = null;
  let busy = false;
  let paused = false; // bots stopped after a refused request

  if (params.has('pace')) {
    const p = Math.max(0, Number(params.get('pace')) || 0);
    const opt = document.createElement('option');
    opt.value = String(p);
    opt.textContent = p + ' ms';
    $('pace').append(opt);
    $('pace').value = String(p);
  } else {
    $('pace').value = '400';
  }

  // ----- talking to the server ------------------------------------------

  async function api(method, path, body) {
    const opts = { method, headers: {} };
    if (body !== undefined) {
      opts.body = typeof body === 'string' ? body : JSON.stringify(body);
      opts.headers['Content-Type'] = 'application/json';
    }
    let r;
    try {
      r = await fetch(path, opts);
    } catch (e) {
      throw new Error('the server cannot be reached: is `carcassonne web` still running?');
    }
    let j;
    try {
      j = await r.json();
    } catch (e) {
      throw new Error('the server answered ' + r.status + ' ' + r.statusText);
    }
    if (!j.ok) {
      const err = new Error(j.error ? j.error.message : 'refused');
      err.code = j.error && j.error.code;
      throw err;
    }
    return j;
  }

  function say(text, bad) {
    const m = $('message');
    m.textContent = text || '';
    m.className = bad ? 'bad' : '';
  }

  function el(tag, attrs, text) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function svgEl(tag, attrs) {
    const e = document.createElementNS(SVGNS, tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    return e;
  }

  // ----- setting a game up ------------------------------------------------

  const KINDS = [
    ['person', 'person'],
    ['greedy', 'bot: greedy'],
    ['random', 'bot: random'],
    ['mcts', 'bot: mcts'],
    ['other', 'bot: other spec'],
  ];

  async function loadSetup() {
    if (setup) return;
    setup = await api('GET', '/api/setup');
    const rs = $('ruleset');
    rs.textContent = '';
    for (const r of setup.rulesets) {
      const label = r.file ? `${r.name} — file ${r.file}` : `${r.id} — ${r.name}`;
      rs.append(el('option', { value: r.key }, label));
    }
    rs.value = setup.default;
    onRuleset();
  }

  function ruleset() {
    return setup.rulesets.find((r) => r.key === $('ruleset').value) || setup.rulesets[0];
  }

  function onRuleset() {
    const r = ruleset();
    const p = $('players');
    const keep = Number(p.value) || 2;
    p.textContent = '';
    for (let n = r.players[0]; n <= r.players[1]; n++) p.append(el('option', { value: n }, String(n)));
    p.value = String(Math.min(Math.max(keep, r.players[0]), r.players[1]));
    $('ruleset-info').textContent = `ruleset ${r.id} · ${r.tiles} tiles · ${r.players[0]} to ${r.players[1]} players`;
    drawSeats();
  }

  function drawSeats() {
    const n = Number($('players').value);
    const box = $('seats');
    while (box.children.length > n) box.lastChild.remove();
    while (box.children.length < n) {
      const i = box.children.length;
      const row = el('div', { class: 'seat', 'data-seat': i });
      const sw = el('span', { class: 'swatch' });
      sw.style.background = setup.colours[i % setup.colours.length];
      const kind = el('select', { class: 'seat-kind', 'aria-label': 'seat ' + i });
      for (const [v, t] of KINDS) kind.append(el('option', { value: v }, t));
      kind.value = i === 0 ? 'person' : 'greedy';
      const spec = el('input', { class: 'seat-spec', placeholder: 'mcts:iters=500' });
      spec.hidden = true;
      kind.addEventListener('change', () => {
        spec.hidden = !(kind.value === 'mcts' || kind.value === 'other');
        if (kind.value === 'mcts' && !spec.value) spec.value = 'mcts:iters=300';
      });
      row.append(sw, el('span', {}, 'P' + i), kind, spec);
      box.append(row);
    }
  }

  function seatSpecs() {
    return Array.from(document.querySelectorAll('#seats .seat')).map((row) => {
      const k = row.querySelector('.seat-kind').value;
      if (k === 'mcts' || k === 'other') return row.querySelector('.seat-spec').value.trim() || k;
      return k;
    });
  }

  async function start() {
    const body = { ruleset: $('ruleset').value, seats: seatSpecs() };
    const seed = $('seed').value.trim();
    let text = JSON.stringify(body);
    if (seed !== '') {
      if (!/^\d{1,20}$/.test(seed)) {
        say('the seed is a whole number (or none)', true);
        return;
      }
      // Written as it is: a seed may be larger than a JavaScript number holds.
      text = text.slice(0, -1) + ',"seed":' + seed + '}';
    }
    try {
      const v = await api('POST', '/api/games', text);
      say('');
      open(v);
    } catch (e) {
      say(e.message, true);
    }
  }

  async function resume() {
    const f = $('resume-file').files[0];
    if (!f) {
      say('choose a record file first', true);
      return;
    }
    const text = (await f.text()).trim();
    try {
      // The record goes as it is (its seed may be larger than a
      // JavaScript number holds); the server reads and checks it.
      const v = await api('POST', '/api/resume', '{"record":' + text + '}');
      say('resumed ' + f.name);
      open(v);
    } catch (e) {
      say(e.message, true);
    }
  }

  function open(v) {
    sel = null;
    paused = false;
    gameId = v.game;
    history.replaceState(null, '', location.pathname + location.search + '#game=' + v.game);
    show(v);
  }

  async function showSetup() {
    clearTimeout(botTimer);
    view = null;
    gameId = null;
    document.body.dataset.phase = 'setup';
    $('game').hidden = true;
    $('setup').hidden = false;
    $('title').textContent = '';
    try {
      await loadSetup();
    } catch (e) {
      say(e.message, true);
    }
  }

  // ----- showing a game ---------------------------------------------------

  function person() {
    return !!(view && !view.over && view.pending && view.pending.person);
  }

  function show(v) {
    view = v;
    gameId = v.game;
    $('setup').hidden = true;
    $('game').hidden = false;
    if (sel && !(v.placements[sel.cell])) sel = null;
    hideMenu();
    renderInfo();
    renderScores();
    renderBoard();
    renderDecision();
    renderLog();
    renderFinal();
    $('undo').disabled = !v.undo;
    $('save').href = `/api/games/${v.game}/record`;
    $('save').setAttribute('download', `carcassonne-${v.ruleset.id}-game${v.game}.json`);
    $('bots-on').hidden = !paused;
    document.body.dataset.depth = String(v.depth);
    document.body.dataset.phase = v.over ? 'over' : person() ? 'person' : 'bot';
    schedule();
  }

  function seatName(p) {
    const s = view.seats[p];
    return `P${p} ${s.name}`;
  }

  function renderInfo() {
    const r = view.ruleset;
    $('title').textContent = `${r.name} · game ${view.game}`;
    const seed = view.seed === null ? 'seed hidden until the end' : 'seed ' + view.seed;
    const part = view.part > 1 ? ` (part ${view.part})` : '';
    $('info').textContent = `ruleset ${r.file ? r.file : r.id} · turn ${view.turn}${part} · ` +
      `${view.tiles_left} tiles face down · ${seed}`;
  }

  function renderScores() {
    const t = $('scores');
    t.textContent = '';
    const top = Math.max(50, ...view.scores);
    view.seats.forEach((s, p) => {
      const tr = el('tr', { id: 'row-' + p, 'data-player': p });
      if (view.pending && view.pending.player === p && !view.over) tr.classList.add('asked');
      const sw = el('span', { class: 'swatch' });
      sw.style.background = s.colour;
      const who = el('td');
      who.append(sw, ' ', el('span', { class: 'name' }, `P${p} ${s.name}`));
      const track = el('div', { class: 'track' });
      const bar = el('span');
      bar.style.width = (100 * view.scores[p] / top) + '%';
      bar.style.background = s.colour;
      track.append(bar);
      who.append(track);
      for (const [key, text] of [['supply', s.supply], ['holdings', s.holdings], ['held', s.held]]) {
        if (text) who.append(el('div', { class: 'sub', id: `${key}-${p}` }, text));
      }
      tr.append(who, el('td', { class: 'score', id: 'score-' + p }, String(view.scores[p])));
      t.append(tr);
    });
    $('notes').textContent = (view.notes || []).join(' · ');
  }

  function renderBoard() {
    const box = $('board');
    box.innerHTML = view.board.svg;
    const svg = box.querySelector('svg');
    if (!svg) return;
    svg.id = 'board-svg';
    // The drawing's header (title, scores, this turn's points) is shown
    // beside the board instead: only the defs and the board stay.
    const drawn = Array.from(svg.children).filter((c) => c.tagName === 'g');
    const board = drawn[drawn.length - 1];
    for (const c of Array.from(svg.children)) {
      if (c !== board && c.tagName !== 'defs') c.remove();
    }
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    svg.setAttribute('viewBox', view.board.view_box.join(' '));
    applyZoom();
    const g = svgEl('g', { id: 'overlay', transform: `translate(${view.board.origin.join(' ')})` });
    svg.append(g);
    drawOverlay();
  }

  function applyZoom() {
    const svg = $('board-svg');
    if (!svg) return;
    svg.style.width = (100 * zoom) + '%';
    svg.style.height = (100 * zoom) + '%';
  }

  function options(cell) {
    return view.placements[cell].options.slice().sort((a, b) => a.rotation - b.rotation);
  }

  function drawOverlay() {
    const g = $('overlay');
    if (!g) return;
    g.textContent = '';
    if (!person()) return;
    const colour = view.seats[view.pending.player].colour;
    view.placements.forEach((c, k) => {
      const r = svgEl('rect', {
        class: 'cell', x: c.x * 100 + 3, y: c.y * 100 + 3, width: 94, height: 94,
        'data-cell': k, 'data-x': c.x, 'data-y': c.y,
      });
      if (sel && sel.cell === k) r.classList.add('chosen');
      r.addEventListener('click', () => clickCell(k));
      g.append(r);
    });
    if (sel) {
      const c = view.placements[sel.cell];
      const o = options(sel.cell)[sel.ri];
      const p = svgEl('g', { class: 'preview', transform: `translate(${c.x * 100} ${c.y * 100})` });
      p.innerHTML = view.tiles[c.tile][o.rotation];
      // The chosen cell's outline stays on top, and a click on it turns
      // the tile.
      g.insertBefore(p, g.firstChild);
    }
    for (const s of view.spots) {
      const c = svgEl('circle', {
        class: 'spot', cx: s.x, cy: s.y, r: 11, stroke: colour,
        'data-choices': s.choices.join(','),
      });
      const names = s.choices.map((i) => choice(i).label).join('\n');
      const title = svgEl('title');
      title.textContent = names;
      c.append(title);
      c.addEventListener('click', (e) => clickSpot(s, e));
      g.append(c);
    }
  }

  function choice(index) {
    return view.choices.find((c) => c.index === index);
  }

  function renderDecision() {
    const prompt = $('prompt');
    prompt.textContent = '';
    const choices = $('choices');
    choices.textContent = '';
    if (view.over || !view.pending) {
      prompt.textContent = view.over ? 'The game is over.' : '';
      $('tile-box').hidden = true;
      return;
    }
    const p = view.pending.player;
    const sw = el('span', { class: 'swatch' });
    sw.style.background = view.seats[p].colour;
    prompt.dataset.player = p;
    prompt.dataset.decision = view.pending.decision;
    if (!person()) {
      prompt.append(sw, ` ${seatName(p)} is thinking… (${view.pending.text})`);
      $('tile-box').hidden = true;
      return;
    }
    prompt.append(sw, ` ${seatName(p)}: ${view.pending.text}`);
    renderTileBox();
    for (const c of view.choices) {
      const b = el('button', { 'data-index': c.index, 'data-do': c.do, 'data-kind': c.kind }, c.label);
      b.addEventListener('click', () => act(c.index));
      b.addEventListener('mouseenter', () => hot(c.index, true));
      b.addEventListener('mouseleave', () => hot(c.index, false));
      choices.append(b);
    }
  }

  function hot(index, on) {
    for (const s of document.querySelectorAll('#overlay .spot')) {
      if (s.dataset.choices.split(',').map(Number).includes(index)) s.classList.toggle('hot', on);
    }
  }

  function renderTileBox() {
    const box = $('tile-box');
    if (!person() || !view.placements.length) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const cell = sel ? view.placements[sel.cell] : view.placements[0];
    const rot = sel ? options(sel.cell)[sel.ri].rotation : turnPref;
    $('tile-preview').innerHTML = view.tiles[cell.tile][rot];
    $('place-confirm').disabled = !sel;
    const n = view.placements.length;
    $('tile-hint').textContent = sel
      ? `${cell.tile} at (${cell.x}, ${cell.y}) turned ${rot}: ${options(sel.cell).length} of 4 turns fit here`
      : `${cell.tile}: click one of the ${n} highlighted cell${n === 1 ? '' : 's'}`;
  }

  function renderLog() {
    const log = $('log');
    log.textContent = '';
    view.log.forEach((e, i) => {
      const li = el('li', { value: i + 1 });
      const sw = el('span', { class: 'swatch' });
      sw.style.background = view.seats[e.player].colour;
      li.append(sw, ` P${e.player} ${e.seat}: ${e.text}`);
      for (const ev of e.events) li.append(el('div', { class: 'ev' }, ev));
      log.prepend(li);
    });
  }

  function renderFinal() {
    const f = $('final');
    if (!view.final) {
      f.hidden = true;
      return;
    }
    f.hidden = false;
    const best = view.final.scores[view.final.winners[0]];
    const who = view.final.winners.map((p) => seatName(p)).join(' and ');
    f.textContent = `Game over: ${who} ${view.final.winners.length > 1 ? 'share' : 'wins'} with ${best} points. ` +
      `Final scores: ${view.final.scores.join(' · ')}.`;
    f.dataset.scores = view.final.scores.join(',');
  }

  // ----- answering ----------------------------------------------------------

  function clickCell(k) {
    if (!person()) return;
    hideMenu();
    if (sel && sel.cell === k) {
      turn(1);
      return;
    }
    const opts = options(k);
    let ri = opts.findIndex((o) => o.rotation === turnPref);
    if (ri < 0) ri = 0;
    sel = { cell: k, ri };
    drawOverlay();
    renderTileBox();
  }

  /// Turn the tile: among the rotations that fit the chosen cell, or
  /// freely in the preview before a cell is chosen.
  function turn(d) {
    if (!person() || !view.placements.length) return;
    if (!sel) {
      turnPref = (turnPref + d + 4) % 4;
      renderTileBox();
      return;
    }
    const opts = options(sel.cell);
    sel.ri = (sel.ri + d + opts.length) % opts.length;
    turnPref = opts[sel.ri].rotation;
    drawOverlay();
    renderTileBox();
  }

  function place() {
    if (!person() || !sel) return;
    act(options(sel.cell)[sel.ri].index);
  }

  function clickSpot(s, e) {
    if (!person()) return;
    if (s.choices.length === 1) {
      act(s.choices[0]);
      return;
    }
    const m = $('spot-menu');
    m.textContent = '';
    for (const i of s.choices) {
      const b = el('button', { 'data-index': i }, choice(i).label);
      b.addEventListener('click', () => act(i));
      m.append(b);
    }
    m.style.left = e.clientX + 8 + 'px';
    m.style.top = e.clientY + 8 + 'px';
    m.hidden = false;
  }

  function hideMenu() {
    $('spot-menu').hidden = true;
  }

  async function send(body) {
    if (busy || !view) return;
    busy = true;
    hideMenu();
    const id = gameId;
    try {
      const v = await api('POST', `/api/games/${id}`, Object.assign({ depth: view.depth }, body));
      if (id === gameId) {
        sel = null;
        say('');
        show(v);
      }
    } catch (e) {
      say(e.message, true);
      if (body.cmd === 'bot') paused = true;
      busy = false;
      await reload();
    } finally {
      busy = false;
    }
  }

  function act(index) {
    return send({ cmd: 'apply', index });
  }

  function undo() {
    if (!view || !view.undo) return;
    paused = false;
    send({ cmd: 'undo' });
  }

  function schedule() {
    clearTimeout(botTimer);
    if (!view || view.over || !view.pending || person() || paused) return;
    botTimer = setTimeout(() => {
      if (busy) {
        schedule();
        return;
      }
      send({ cmd: 'bot' });
    }, Number($('pace').value));
  }

  async function reload() {
    if (gameId === null) return;
    try {
      show(await api('GET', `/api/games/${gameId}`));
    } catch (e) {
      say(e.message, true);
      if (e.code === 'no_game') showSetup();
    }
  }

  async function fromAddress() {
    const m = /^#game=(\d+)$/.exec(location.hash);
    if (!m) {
      showSetup();
      return;
    }
    gameId = Number(m[1]);
    try {
      show(await api('GET', `/api/games/${gameId}`));
    } catch (e) {
      say(e.message, true);
      history.replaceState(null, '', location.pathname + location.search);
      showSetup();
    }
  }

  // ----- wiring -------------------------------------------------------------

  $('ruleset').addEventListener('change', onRuleset);
  $('players').addEventListener('change', drawSeats);
  $('start').addEventListener('click', start);
  $('resume').addEventListener('click', resume);
  $('rotate-left').addEventListener('click', () => turn(-1));
  $('rotate-right').addEventListener('click', () => turn(1));
  $('place-confirm').addEventListener('click', place);
  $('undo').addEventListener('click', undo);
  $('new-game').addEventListener('click', () => {
    history.replaceState(null, '', location.pathname + location.search);
    showSetup();
  });
  $('bots-on').addEventListener('click', () => {
    paused = false;
    say('');
    $('bots-on').hidden = true;
    schedule();
  });
  $('pace').addEventListener('change', schedule);
  $('zoom-in').addEventListener('click', () => { zoom = Math.min(zoom * 1.5, 8); applyZoom(); });
  $('zoom-out').addEventListener('click', () => { zoom = Math.max(zoom / 1.5, 1); applyZoom(); });
  $('zoom-fit').addEventListener('click', () => { zoom = 1; applyZoom(); });
  window.addEventListener('hashchange', fromAddress);
  document.addEventListener('click', (e) => {
    if (!e.target.closest('#spot-menu') && !e.target.closest('#overlay')) hideMenu();
  });
  document.addEventListener('keydown', (e) => {
    if (['INPUT', 'SELECT', 'TEXTAREA'].includes(e.target.tagName)) return;
    if (!view || $('game').hidden) return;
    if (e.key === 'r' || e.key === 'R') turn(e.shiftKey ? -1 : 1);
    else if (e.key === 'Enter') place();
    else if (e.key === 'Escape') {
      sel = null;
      hideMenu();
      drawOverlay();
      renderTileBox();
    } else if (e.key === 'u' || e.key === 'U' || (e.key === 'z' && (e.ctrlKey || e.metaKey))) undo();
    else if (e.key === '+' || e.key === '=') $('zoom-in').click();
    else if (e.key === '-') $('zoom-out').click();
    else if (e.key === '0') $('zoom-fit').click();
    else return;
    e.preventDefault();
  });

  fromAddress();
})();
