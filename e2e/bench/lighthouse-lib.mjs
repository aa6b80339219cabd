// One Lighthouse 12 mobile run (simulated Slow 4G, 4× CPU) in a fresh headless Chromium: shared by
// lighthouse.mjs (the tables) and lighthouse-tasks.mjs (the tasks behind one run).
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { freePort } from './servers.mjs';

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

/**
 * Runs Lighthouse on `url` with `categories`; returns its report (`lhr`) and the browser's full
 * version (Lighthouse's user agent zeroes all but the major version, and a Chromium update alone
 * can move TBT between two days' tables). `CHROME_PATH` picks the browser (default Debian's).
 */
export async function runLighthouse(url, categories) {
  const port = await freePort();
  const chrome = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    ignoreDefaultArgs: ['--headless'],
    args: [...CHROME_FLAGS, `--remote-debugging-port=${port}`],
  });
  try {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
    });
    return { lhr: result.lhr, browser: chrome.version() };
  } finally {
    await chrome.close();
  }
}
