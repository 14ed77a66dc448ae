// Plays a whole game on the page of `carcassonne web` in headless Chromium,
// as a person would: sets the game up (a person against a bot), clicks a
// highlighted cell, turns the tile by clicking the cell again and with the
// R key (checking that only the turns that fit are offered), places it,
// clicks figure spots on the board (and picks from the menu where a spot
// has several figures), answers every other decision with the choices the
// page lists, takes a move back with Undo, and checks that a second tab's
// game is its own. At the end it saves the record with the page's Save
// link, resumes it from the setup form, and writes what the page showed
// to OUT_DIR/page.json for the Rust test to compare with `replay`.
//
//   node web.mjs URL OUT_DIR RULESET SEED BOT [module]
//
// With `module`, the game must have asked the person at least one decision
// that is neither a placement nor a figure, answered from the choices.
// Prints one line per check; exits 1 on the first failure.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from './launch.mjs';

const [url, outDir, ruleset, seed, bot, mode] = process.argv.slice(2);
if (!url || !outDir || !ruleset || !seed || !bot) {
  console.error('usage: node web.mjs URL OUT_DIR RULESET SEED BOT [module]');
  process.exit(2);
}

function fail(msg) {
  throw new Error(msg);
}

// The person's choices: a small fixed generator, so a run repeats.
let rng = Number(seed) % 2147483647 || 1;
function pick(n) {
  rng = (rng * 48271) % 2147483647;
  return rng % n;
}

const browser = await launch();
let exitCode = 0;
try {
  const context = await browser.newContext({ viewport: { width: 1400, height: 950 }, acceptDownloads: true });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(url + '?pace=0');

  // ----- set up: the ruleset, two seats, the seed --------------------------
  await page.waitForSelector('#ruleset option', { state: 'attached' });
  await page.selectOption('#ruleset', ruleset);
  await page.selectOption('#players', '2');
  await page.selectOption('#seats .seat[data-seat="0"] .seat-kind', 'person');
  const kinds = await page.$$eval('#seats .seat[data-seat="1"] .seat-kind option', (os) => os.map((o) => o.value));
  if (kinds.includes(bot)) {
    await page.selectOption('#seats .seat[data-seat="1"] .seat-kind', bot);
  } else {
    await page.selectOption('#seats .seat[data-seat="1"] .seat-kind', 'other');
    await page.fill('#seats .seat[data-seat="1"] .seat-spec', bot);
  }
  await page.fill('#seed', seed);
  await page.click('#start');
  await page.waitForFunction(() => ['person', 'bot', 'over'].includes(document.body.dataset.phase));
  console.log(`ok: ${ruleset} game started, seed ${seed}, P0 person against P1 ${bot}`);

  const phase = () => page.evaluate(() => document.body.dataset.phase);
  const depth = () => page.evaluate(() => Number(document.body.dataset.depth));
  async function settle() {
    await page.waitForFunction(() => ['person', 'over'].includes(document.body.dataset.phase), null, { timeout: 60000 });
  }
  async function moved(before) {
    await page.waitForFunction((d) => Number(document.body.dataset.depth) !== d, before, { timeout: 60000 });
    await settle();
  }

  const tally = { placements: 0, turned_by_click: 0, turned_by_key: 0, spots: 0, menus: 0, module: [], passes: 0, draws: 0, undo: 0 };
  let shotMiddle = false;
  let secondTab = false;

  for (let step = 0; step < 2000; step++) {
    await settle();
    if ((await phase()) === 'over') break;
    const d = await depth();
    const cells = await page.$$('#overlay rect.cell');
    const choices = await page.$$eval('#choices button', (bs) => bs.map((b) => ({
      index: Number(b.dataset.index), kind: b.dataset.kind, do: b.dataset.do, label: b.textContent,
    })));
    const decision = await page.$eval('#prompt', (p) => p.dataset.decision);
    const draw = choices.find((c) => c.kind === 'draw');
    const module = choices.filter((c) => c.kind === 'module');
    if (draw && pick(4) !== 0) {
      // Before drawing: draw, mostly (else place the tile held, below).
      await page.click(`#choices button[data-index="${draw.index}"]`);
      tally.draws++;
    } else if (cells.length > 0) {
      const k = pick(cells.length);
      const cell = `#overlay rect.cell[data-cell="${k}"]`;
      await page.click(cell, { force: true });
      const hint = () => page.$eval('#tile-hint', (h) => h.textContent);
      const turnOf = (t) => Number(/turned (\d)/.exec(t)[1]);
      const first = await hint();
      const fits = Number(/(\d) of 4 turns fit/.exec(first)[1]);
      const seen = new Set([turnOf(first)]);
      // Turning by click and by key visits only the turns that fit.
      for (let i = 0; i < fits; i++) {
        await page.click(cell, { force: true });
        seen.add(turnOf(await hint()));
        tally.turned_by_click++;
      }
      await page.keyboard.press('r');
      seen.add(turnOf(await hint()));
      tally.turned_by_key++;
      if (seen.size !== fits) fail(`turning visited ${[...seen]} but ${fits} turns fit (${first})`);
      const chosen = await page.$$eval('#overlay rect.cell.chosen', (r) => r.length);
      if (chosen !== 1) fail(`${chosen} cells marked chosen`);
      if (pick(2) === 0) await page.click('#place-confirm');
      else await page.keyboard.press('Enter');
      tally.placements++;
    } else if (module.length > 0 && (mode === 'module' || pick(2) === 0)) {
      const c = module[pick(module.length)];
      await page.click(`#choices button[data-index="${c.index}"]`);
      tally.module.push({ decision, do: c.do, label: c.label });
    } else {
      const spots = await page.$$('#overlay circle.spot');
      const pass = choices.find((c) => c.kind === 'pass');
      // Looking for decisions beyond placements and figures, the person
      // puts a set's own figures first (a builder, a wagon, an abbot): what
      // they do later asks such decisions.
      const special = mode === 'module'
        ? choices.filter((c) => c.kind === 'figure' && !c.label.startsWith('follower '))
        : [];
      if (special.length > 0) {
        const c = special[pick(special.length)];
        const spot = await page.$(`#overlay circle.spot[data-choices="${c.index}"], ` +
          `#overlay circle.spot[data-choices^="${c.index},"], #overlay circle.spot[data-choices*=",${c.index},"], ` +
          `#overlay circle.spot[data-choices$=",${c.index}"]`);
        if (!spot) fail(`no spot on the board for "${c.label}"`);
        await spot.click({ force: true });
        tally.spots++;
        if (await page.$('#spot-menu:not([hidden])')) {
          await page.click(`#spot-menu button[data-index="${c.index}"]`);
          tally.menus++;
        }
      } else if (spots.length > 0 && (!pass || pick(3) !== 0)) {
        const s = spots[pick(spots.length)];
        await s.click({ force: true });
        tally.spots++;
        const menu = await page.$('#spot-menu:not([hidden])');
        if (menu) {
          const items = await page.$$('#spot-menu button');
          await items[pick(items.length)].click();
          tally.menus++;
        }
      } else if (pass) {
        await page.click(`#choices button[data-index="${pass.index}"]`);
        tally.passes++;
      } else if (choices.length > 0) {
        const c = choices[pick(choices.length)];
        await page.click(`#choices button[data-index="${c.index}"]`);
        if (c.kind === 'module') tally.module.push({ decision, do: c.do, label: c.label });
      } else {
        fail(`nothing to answer at depth ${d} (${decision})`);
      }
    }
    await moved(d);

    // Once: Undo takes the move back to the person's decision.
    if (tally.undo === 0 && tally.placements === 3 && (await phase()) === 'person') {
      const before = await depth();
      await page.click('#undo');
      await page.waitForFunction((b) => Number(document.body.dataset.depth) < b, before);
      await settle();
      if ((await phase()) !== 'person') fail('after undo the person is not asked');
      tally.undo++;
      console.log(`ok: undo went back from depth ${before} to ${await depth()}`);
    }
    // Once: a game in a second tab is its own.
    if (!secondTab && tally.placements === 5) {
      secondTab = true;
      const mine = await depth();
      const tab = await context.newPage();
      await tab.goto(url + '?pace=0');
      await tab.waitForSelector('#ruleset option', { state: 'attached' });
      await tab.selectOption('#ruleset', ruleset);
      await tab.click('#start');
      await tab.waitForFunction(() => document.body.dataset.phase === 'person');
      const other = await tab.evaluate(() => location.hash);
      await tab.click('#overlay rect.cell', { force: true });
      await tab.click('#place-confirm');
      await tab.waitForFunction(() => Number(document.body.dataset.depth) > 0);
      await tab.close();
      await page.reload();
      await settle();
      if ((await depth()) !== mine) fail(`the second tab's game (${other}) changed this one`);
      if (await page.evaluate(() => location.hash) === other) fail('both tabs show the same game');
      console.log(`ok: a second tab played its own game (${other})`);
    }
    if (!shotMiddle && tally.placements === 12) {
      await page.screenshot({ path: join(outDir, 'web-middle.png') });
      shotMiddle = true;
    }
  }
  if ((await phase()) !== 'over') fail('the game did not end');
  await page.screenshot({ path: join(outDir, 'web-end.png') });

  const shown = await page.evaluate(() => {
    const rows = Array.from(document.querySelectorAll('#scores tr'));
    return {
      scores: rows.map((r, p) => Number(document.getElementById('score-' + p).textContent)),
      final: document.getElementById('final').dataset.scores,
      log: document.querySelectorAll('#log li').length,
      info: document.getElementById('info').textContent,
    };
  });
  if (shown.final !== shown.scores.join(',')) fail(`final banner ${shown.final} but table ${shown.scores}`);
  if (!/seed \d+/.test(shown.info)) fail(`the seed is not shown after the game: ${shown.info}`);
  console.log(`ok: game over, the page shows scores ${shown.scores} after ${shown.log} answers`);
  if (tally.placements < 5) fail(`only ${tally.placements} tiles placed by the person`);
  if (tally.spots === 0) fail('no figure spot was clicked');
  console.log(JSON.stringify(tally));
  if (mode === 'module' && tally.module.length === 0) fail('no decision beyond placements and figures came up');
  console.log(`ok: person placed ${tally.placements} tiles, clicked ${tally.spots} figure spots (${tally.menus} menus), passed ${tally.passes}, answered ${tally.module.length} other decisions`);
  for (const m of tally.module.slice(0, 5)) console.log(`   ${m.decision}: ${m.label}`);

  // ----- the record: saved with the link, resumed from the form ------------
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save')]);
  const recordPath = join(outDir, 'record.json');
  await download.saveAs(recordPath);
  console.log(`ok: record saved as ${download.suggestedFilename()}`);

  await page.click('#new-game');
  await page.waitForSelector('#setup:not([hidden])');
  await page.setInputFiles('#resume-file', recordPath);
  await page.click('#resume');
  await page.waitForFunction(() => document.body.dataset.phase === 'over');
  const again = await page.evaluate(() => Array.from(document.querySelectorAll('#scores tr'))
    .map((r, p) => Number(document.getElementById('score-' + p).textContent)));
  if (again.join(',') !== shown.scores.join(',')) fail(`resumed game shows ${again}, not ${shown.scores}`);
  console.log(`ok: the record resumes to the same scores ${again}`);

  if (errors.length) fail('page errors: ' + errors.join('; '));
  writeFileSync(join(outDir, 'page.json'), JSON.stringify({ scores: shown.scores, tally }, null, 1));
} catch (e) {
  console.error('FAIL: ' + (e && e.message ? e.message : e));
  exitCode = 1;
} finally {
  await browser.close();
}
process.exit(exitCode);
