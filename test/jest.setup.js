// n8n-core writes its instance settings (encryption key) into the user folder: keep tests off ~/.n8n.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

if (!process.env.N8N_USER_FOLDER) {
	process.env.N8N_USER_FOLDER = fs.mkdtempSync(path.join(os.tmpdir(), 'admintotal-n8n-'));
}
process.env.N8N_ENCRYPTION_KEY ??= 'admintotal-harness-key';
// n8n's logger prints every node error to the console; the tests assert on errors themselves.
process.env.N8N_LOG_LEVEL ??= 'silent';
