/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/** n8n-core writes instance settings (an encryption key) into its user folder: keep runs off ~/.n8n. Import first. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

process.env.N8N_USER_FOLDER ??= fs.mkdtempSync(path.join(os.tmpdir(), 'admintotal-n8n-'));
process.env.N8N_ENCRYPTION_KEY ??= 'admintotal-harness-key';
