// Drives game.html (written by `carcassonne view`) in headless Chromium:
// steps forward and back with the buttons and the arrow keys, checks the turn
// and the scores shown against the game record, and saves screenshots.
//
//   node check.mjs GAME.html RECORD.json OUT_DIR
//
// Prints one line per check; exits 1 on the first failure.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const [html, recordPath, outDir] = process.argv.slice(2);
if (!html || !recordPath || !outDir) {
  console.error('usage: node check.mjs GAME.html RECORD.json OUT_DIR');
  process.exit(2);
}
const record = JSON.parse(readFileSync(recordPath, 'utf8'));

// Expected scores after each tile placed, from the record's own events.
const placements = record.turns.filter((t) => !t.discarded);
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

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run',
  ],
});
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
        followers: document.querySelectorAll('#followers use').length,
        highlighted: document.querySelectorAll('#highlight rect').length > 0,
        events: Array.from(document.querySelectorAll('#events li')).map((li) => li.textContent),
      };
    });
  }
  const starts = (record.start || []).length || 1;
  async function expectTurn(turn, what) {
    const s = await state();
    if (s.turn !== turn || s.final) fail(`${what}: shows turn ${s.turn} (final ${s.final}), expected ${turn}`);
    if (!same(s.scores, expected[turn])) fail(`${what}: scores ${s.scores}, expected ${expected[turn]}`);
    if (s.tiles !== starts + turn) fail(`${what}: ${s.tiles} tiles on the board, expected ${starts + turn}`);
    if (turn > 0 && !s.highlighted) fail(`${what}: the tile just placed is not highlighted`);
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
    for (let i = 1; i < scoring + 1; i++) await page.keyboard.press('ArrowRight');
    const s = await expectTurn(scoring + 1, 'first turn with points');
    const want = placements[scoring].events.length;
    const listed = s.events.filter((e) => /^P\d \+\d+ /.test(e)).length;
    if (listed !== want) fail(`turn ${scoring + 1} lists ${listed} events, the record has ${want}`);
    console.log(`ok events of turn ${scoring + 1}: ${s.events.join('; ')}`);
  }
  const mid = Math.floor(placements.length / 2);
  await page.evaluate((n) => {
    const sl = document.getElementById('slider');
    sl.value = n;
    sl.dispatchEvent(new Event('input'));
  }, mid);
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
  await page.click('#last');
  await page.screenshot({ path: join(outDir, 'viewer-end.png') });
  await page.click('#first');
  await expectTurn(0, 'first button');
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
