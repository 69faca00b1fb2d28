/**
 * The problems of the page's own files, as the doctor finds them before the page goes live: the
 * widget's script tag (its integrity, its CORS) and the folder beside it that the script loads its
 * parts and catalogues from. Part of the one list of problems (problems.ts).
 */
import { problem } from './problem.js';

export const PAGE_FILE_PROBLEMS = {
  SCRIPT_CROSSORIGIN_MISSING: problem(
    'doctor',
    'integrity without crossorigin',
    'The script tag {script} has an integrity attribute but no crossorigin attribute: a browser checks integrity on a cross-origin script only in CORS mode, and refuses to run it otherwise.',
    'Add crossorigin="anonymous" to the script tag.',
  ),
  SCRIPT_INTEGRITY_MISMATCH: problem(
    'doctor',
    'The script does not match its integrity',
    'The script {script} does not match integrity="{integrity}": the file changed (a new version at the same URL), so browsers refuse to run it and the element stays empty.',
    'Set integrity to the hash printed by npm run size for the file you serve, or pin a versioned URL whose bytes never change.',
  ),
  FOLDER_FILE_MISSING: problem(
    'doctor',
    "A file of the script's folder is missing",
    "The script {script} loads {part} from beside it, but {url} answered {status}. Served like this, the order paints and then what the file brings never arrives (the result screens and languages, or amount first's form).",
    "Serve the package's dist/cdn/ folder as it is, beside {script} (node_modules/onramp-checkout/dist/cdn/, or a CDN that serves the package: …/onramp-checkout@<version>/dist/cdn/).",
  ),
  FOLDER_FILE_OTHER_BUILD: problem(
    'doctor',
    "A file of the script's folder is of another build",
    '{url} is not the {part} that {script} was built with: its SHA-256 is not the one pinned, so the browser refuses it.',
    'Serve the dist/cdn/ folder of one version together, beside {script}: the files of one build pin each other.',
  ),
  FOLDER_FILE_REFUSED: problem(
    'doctor',
    "The page's CSP refuses a file of the script's folder",
    "The page's Content-Security-Policy ({directive}) refuses {url}, the {part} that {script} loads from beside it.",
    "Let {directive} allow the folder of {script} (its origin, or 'self' when you serve it yourself), not the one file.",
  ),
};
