// Prints every page's text items of the PDF on stdin as JSON (string[][]): the tests parse a
// report back with pdfjs-dist, an ES module that Jest's CommonJS transform cannot load in-process.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const pdf = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), verbosity: 0 }).promise;
const pages = [];
for (let n = 1; n <= pdf.numPages; n++) {
  const content = await (await pdf.getPage(n)).getTextContent();
  pages.push(content.items.map((item) => ('str' in item ? item.str : '')).filter((s) => s.trim() !== ''));
}
process.stdout.write(JSON.stringify(pages));
