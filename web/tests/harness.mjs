// What the browser tests share: a headless Chromium run that reports its failure, and axe-core's verdict on a page.

import {createRequire} from "node:module";
import {chromium} from "playwright-core";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** axe-core on the page as it is: the serious and critical violations, in words. */
export async function accessibilityProblems(page, where) {
  await page.addScriptTag({path: axePath});
  const violations = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const result = await axe.run(document, {resultTypes: ["violations"]});
    return result.violations.map((violation) => ({id: violation.id, impact: violation.impact, help: violation.help,
      nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(" "))}));
  });
  return violations.filter((violation) => ["serious", "critical"].includes(violation.impact))
    .map((violation) => `${where}: ${violation.impact} ${violation.id} (${violation.help}) at ${violation.nodes.join(", ")}`);
}

/** Runs `test(browser, problems)` in a headless Chromium at `executablePath` (with `args` besides the usual
 * switches); any failure, or a problem it noted, is printed as `FAILED name` and ends the process with status 1. */
export async function inBrowser(name, executablePath, test, args = []) {
  const browser = await chromium.launch({executablePath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", ...args]});
  const problems = [];
  let failed = false;
  try {
    await test(browser, problems);
    if (problems.length) throw new Error(problems.join("\n"));
  } catch (error) {
    failed = true;
    console.error(`FAILED ${name}: ${error.message}\n${problems.join("\n")}`);
  } finally {
    await browser.close();
  }
  process.exit(failed ? 1 : 0);
}
