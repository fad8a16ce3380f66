// The order test files are handed to workers (vitest.config.ts): Vitest's own, but with the browser
// journeys spread evenly through it rather than run as one block. Only one Chromium runs at a time
// (file-slots.ts), and the journeys together take about as long as half the run, so they start at
// once and one follows another while the other core runs the rest.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export default class SpreadBrowserFiles extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const browser = sorted.filter((file) => file.project.name === 'browser');
    const rest = sorted.filter((file) => file.project.name !== 'browser');
    const every = Math.max(1, Math.floor(rest.length / Math.max(1, browser.length)));
    const spread: TestSpecification[] = [];
    rest.forEach((file, i) => {
      const journey = i % every === 0 ? browser.shift() : undefined;
      if (journey) spread.push(journey);
      spread.push(file);
    });
    return [...spread, ...browser];
  }
}
