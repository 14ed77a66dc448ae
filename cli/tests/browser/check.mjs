// Drives game.html (written by `carcassonne view`) in headless Chromium:
// steps forward and back with the buttons and the arrow keys, checks the turn
// and the scores shown against the game record, and saves screenshots. Where
// the record has them: a builder's second tile shows as part 2, builders,
// pigs and abbots are drawn by their own shapes in their owners' colours,
// the goods tokens shown agree with the goods points scored, the King and
// the Robber Baron are shown beside the players who score their points, and
// the dragon stands on the board with its path drawn in the turns it moves,
// the fairy where it was put.
//
//   node check.mjs GAME.html RECORD.json OUT_DIR
//
// Prints one line per check; exits 1 on the first failure.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch } from './launch.mjs';

const [html, recordPath, outDir] = process.argv.slice(2);
if (!html || !recordPath || !outDir) {
  console.error('usage: node check.mjs GAME.html RECORD.json OUT_DIR');
  process.exit(2);
}
const record = JSON.parse(readFileSync(recordPath, 'utf8'));

// Expected scores after each tile placed, from the record's own events.
const placements = record.turns.filter((t) => !t.discarded && !t.set_aside);
const expected = [Array(record.players).fill(0)];
for (const t of placements) {
  const s = expected[expected.length - 1].slice();
  for (const e of t.events || []) s[e.player] += e.points;
  expected.push(s);
}

function fail(msg) {
  console.error('FAIL: ' + msg);
  process.exit(1);
}
function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

const browser = await launch();
let exitCode = 0;
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const requests = [];
  page.on('request', (r) => { if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) requests.push(r.url()); });
  await page.goto(pathToFileURL(resolve(html)).href);

  async function state() {
    return page.evaluate(() => {
      const t = document.getElementById('turn');
      const rows = Array.from(document.querySelectorAll('#scores tr'));
      return {
        step: +t.dataset.step,
        turn: +t.dataset.turn,
        final: t.dataset.final === '1',
        text: t.textContent,
        scores: rows.map((r, p) => +document.getElementById('score-' + p).textContent),
        tiles: document.querySelectorAll('#tiles use').length,
        placing: !!JSON.parse(document.getElementById('game-data').textContent).steps[+t.dataset.step].placed,
        followers: document.querySelectorAll('#followers use').length,
        highlighted: document.querySelectorAll('#highlight rect').length > 0,
        events: Array.from(document.querySelectorAll('#events li')).map((li) => li.textContent),
        part: +t.dataset.part,
        desc: document.getElementById('desc').textContent,
        figures: Array.from(document.querySelectorAll('#followers use[data-figure]'))
          .map((u) => [u.dataset.figure, +u.dataset.player]),
        goods: rows.map((r, p) => {
          const g = document.getElementById('held-goods-' + p);
          return g ? g.textContent : null;
        }),
        cards: rows.map((r, p) => {
          const c = document.getElementById('held-cards-' + p);
          return c ? c.textContent : null;
        }),
        neutral: Array.from(document.querySelectorAll('#neutral use[data-neutral]'))
          .map((u) => u.dataset.neutral),
        trails: Array.from(document.querySelectorAll('#trails [data-trail]'))
          .map((g) => [g.dataset.trail, g.querySelectorAll('circle').length]),
      };
    });
  }
  async function slide(n) {
    await page.evaluate((n) => {
      const sl = document.getElementById('slider');
      sl.value = n;
      sl.dispatchEvent(new Event('input'));
    }, n);
  }
  // The steps showing `turn`: its entry, then each answer after its
  // scoring (a dragon's step, a wagon's move).
  async function stepsOf(turn) {
    return page.evaluate((turn) => {
      const D = JSON.parse(document.getElementById('game-data').textContent);
      return D.steps.flatMap((s, i) => (s.turn === turn && !s.final ? [i] : []));
    }, turn);
  }
  const firstStepOf = async (turn) => (await stepsOf(turn))[0];
  const lastStepOf = async (turn) => (await stepsOf(turn)).slice(-1)[0];
  const starts = (record.start || []).length || 1;
  async function expectTurn(turn, what) {
    const s = await state();
    if (s.turn !== turn || s.final) fail(`${what}: shows turn ${s.turn} (final ${s.final}), expected ${turn}`);
    if (!same(s.scores, expected[turn])) fail(`${what}: scores ${s.scores}, expected ${expected[turn]}`);
    if (s.tiles !== starts + turn) fail(`${what}: ${s.tiles} tiles on the board, expected ${starts + turn}`);
    if (turn > 0 && s.placing && !s.highlighted) fail(`${what}: the tile just placed is not highlighted`);
    console.log(`ok ${what}: turn ${turn}, "${s.text}", scores ${s.scores.join(' ')}, ${s.followers} followers`);
    return s;
  }

  await expectTurn(0, 'start');
  await page.click('#next');
  await expectTurn(1, 'next button');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expectTurn(3, 'arrow right twice');
  await page.keyboard.press('ArrowLeft');
  await expectTurn(2, 'arrow left');
  await page.click('#prev');
  await expectTurn(1, 'prev button');
  // Walk forward to the first turn with points and check its events are listed.
  const scoring = placements.findIndex((t) => (t.events || []).length > 0);
  if (scoring >= 0) {
    while ((await state()).turn < scoring + 1) await page.keyboard.press('ArrowRight');
    const s = await expectTurn(scoring + 1, 'first turn with points');
    const want = placements[scoring].events.length;
    const listed = s.events.filter((e) => /^P\d \+\d+ /.test(e)).length;
    if (listed !== want) fail(`turn ${scoring + 1} lists ${listed} events, the record has ${want}`);
    console.log(`ok events of turn ${scoring + 1}: ${s.events.join('; ')}`);
  }
  const mid = Math.floor(placements.length / 2);
  await slide(await firstStepOf(mid));
  await expectTurn(mid, 'slider to the middle');
  await page.screenshot({ path: join(outDir, 'viewer-middle.png') });

  await page.keyboard.press('End');
  const end = await state();
  if (record.final) {
    if (!end.final) fail('End: the last step is not the final scoring');
    if (!same(end.scores, record.final.scores)) fail(`End: scores ${end.scores}, the record's final scores are ${record.final.scores}`);
    console.log(`ok final scoring: "${end.text}", scores ${end.scores.join(' ')}`);
    await page.keyboard.press('ArrowLeft');
    await expectTurn(placements.length, 'back from the final scoring');
  } else {
    await expectTurn(placements.length, 'End');
  }
  // A builder's second tile: its own step, shown as part 2, after the step
  // that took it.
  const part2 = placements.findIndex((t) => t.part === 2);
  if (part2 >= 0) {
    await slide(await lastStepOf(part2));
    const before = await expectTurn(part2, 'before a second tile');
    if (!before.desc.includes('second tile: yes')) fail(`turn ${part2}: "${before.desc}" does not say a second tile was taken`);
    await page.keyboard.press('ArrowRight');
    const s = await expectTurn(part2 + 1, 'a second tile');
    if (s.part !== 2 || !s.text.includes('(part 2)') || !s.desc.includes('(part 2)')) {
      fail(`turn ${part2 + 1} is part 2 in the record; shown "${s.text}", "${s.desc}", data-part ${s.part}`);
    }
    console.log(`ok part 2: "${s.text}", "${s.desc}"`);
  }
  // Each kind of figure, the first time one is put down: its shape in its
  // owner's colour stands on the board (unless that turn scored it away).
  for (const kind of ['builder', 'pig', 'abbot']) {
    const i = placements.findIndex((t) => t.follower && t.follower.kind === kind);
    if (i < 0) continue;
    const t = placements[i];
    await slide(await lastStepOf(i + 1));
    const s = await expectTurn(i + 1, `${kind === 'abbot' ? 'an' : 'a'} ${kind} put down`);
    const mine = s.figures.filter(([f, p]) => f === kind && p === t.player).length;
    if (mine === 0 && !(t.events || []).length) fail(`turn ${i + 1}: P${t.player}'s ${kind} is not drawn (${JSON.stringify(s.figures)})`);
    const drawn = await page.evaluate((k) => {
      const u = document.querySelector(`#followers use[data-figure="${k}"]`);
      return u ? [u.getAttribute('href'), u.getAttribute('fill')] : null;
    }, kind);
    if (drawn && drawn[0] !== '#' + kind) fail(`a ${kind} is drawn with ${drawn[0]}`);
    console.log(`ok ${kind}: turn ${i + 1}, ${mine} of P${t.player}'s drawn`);
  }
  // The dragon: in the first turn it is moved, at the last step of that
  // turn (answers after the scoring are steps of their own), it stands on
  // the board and its path runs through at least every tile it was moved
  // to (a ring at the start, a dot each; one way open is taken unasked).
  // The fairy, once put next to a follower, is on the board.
  const moves = (t) => (t.actions || []).filter((a) => a.do === 'dragon').length;
  const flight = placements.findIndex((t) => moves(t) > 0);
  if (flight >= 0) {
    await slide(await lastStepOf(flight + 1));
    const s = await state();
    if (s.turn !== flight + 1) fail(`the dragon's turn ${flight + 1}: shows turn ${s.turn}`);
    if (!s.neutral.includes('dragon')) fail(`turn ${flight + 1}: no dragon drawn (${JSON.stringify(s.neutral)})`);
    const path = s.trails.find(([n]) => n === 'dragon');
    if (!path || path[1] < moves(placements[flight]) + 1) {
      fail(`turn ${flight + 1}: the dragon was moved ${moves(placements[flight])} times; path shown ${JSON.stringify(s.trails)}`);
    }
    console.log(`ok the dragon: turn ${flight + 1}, "${s.desc}", a path through ${path[1]} tiles`);
  }
  const fairy = placements.findIndex((t) => (t.actions || []).some((a) => a.do === 'fairy'));
  if (fairy >= 0) {
    await slide(await lastStepOf(fairy + 1));
    const s = await state();
    if (!s.neutral.includes('fairy')) fail(`turn ${fairy + 1}: no fairy drawn (${JSON.stringify(s.neutral)})`);
    console.log(`ok the fairy: turn ${fairy + 1}`);
  }
  // Goods: at the end, each player scored 10 per good of which the tokens
  // shown make them hold the most.
  if (end.goods.some((g) => g !== null)) {
    const s = end;
    const counts = s.goods.map((g) => (g.match(/\d+/g) || []).map(Number));
    if (counts.some((c) => c.length !== 3)) fail(`goods shown: ${JSON.stringify(s.goods)}`);
    const events = (record.final ? record.final.events : []).filter((e) => e.reason === 'goods');
    for (let p = 0; p < record.players; p++) {
      let leads = 0;
      for (let k = 0; k < 3; k++) {
        const most = Math.max(...counts.map((c) => c[k]));
        if (most > 0 && counts[p][k] === most) leads++;
      }
      const scored = events.filter((e) => e.player === p).length;
      if (leads !== scored) fail(`P${p} shows the most of ${leads} goods (${s.goods[p]}), the record scores ${scored}`);
    }
    console.log(`ok goods at the end: ${s.goods.join(' | ')}`);
  }
  // The King and the Robber Baron: at the end each card is shown beside the
  // player the record gives its points, and beside nobody else.
  if (end.cards.some((c) => c !== null)) {
    const events = record.final ? record.final.events : [];
    for (const [reason, name] of [['king', 'King'], ['robber-baron', 'Robber Baron']]) {
      const holders = events.filter((e) => e.reason === reason).map((e) => e.player);
      const shown = end.cards.flatMap((c, p) => (c.startsWith(name) || c.includes(' · ' + name)) ? [p] : []);
      if (!same(shown, holders)) fail(`${name} shown beside ${JSON.stringify(shown)}, the record scores it for ${JSON.stringify(holders)}`);
    }
    console.log(`ok cards at the end: ${end.cards.join(' | ')}`);
  }
  await page.click('#last');
  await page.screenshot({ path: join(outDir, 'viewer-end.png') });
  await page.click('#first');
  const first = await expectTurn(0, 'first button');
  // Back at the start nobody holds a card: the lines were cleared.
  if (first.cards.some((c) => c)) fail(`cards shown at the start: ${JSON.stringify(first.cards)}`);
  if (errors.length) fail('page errors: ' + errors.join('; '));
  if (requests.length) fail('network requests: ' + requests.join(' '));
  console.log(`ok no page errors, no network requests; screenshots in ${outDir}`);
} catch (e) {
  console.error('FAIL: ' + (e && e.stack || e));
  exitCode = 1;
} finally {
  await browser.close();
}
process.exit(exitCode);
