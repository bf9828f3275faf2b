// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
//
// Runs the sqllogictest files of duckdb/test/sql/ in a DuckDB host we did not build: Node.js
// with the @duckdb/node-api package at the pinned DuckDB version, which LOADs the loadable
// vortex.duckdb_extension (allow_unsigned_extensions). Same format and rules as
// sqllogictest_runner.cc; values are compared as DuckDB's own VARCHAR casts of them, which is
// what the C++ runner prints (Value::ToString).
//
// usage: node run_sql_tests.mjs <vortex.duckdb_extension> <sql test dir> <project dir>
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const [extension, testDir, projectDir] = process.argv.slice(2);
if (!extension || !testDir || !projectDir) {
    console.error('usage: node run_sql_tests.mjs <extension> <sql test dir> <project dir>');
    process.exit(2);
}
// The package lives in third_party/node-host (scripts/install-duckdb.sh), not next to this file.
const require = createRequire(path.join(projectDir, 'third_party', 'node-host', 'package.json'));
const { DuckDBInstance, version } = require('@duckdb/node-api');

function parse(file) {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    const records = [];
    for (let i = 0; i < lines.length;) {
        const head = lines[i];
        if (head === '' || head.startsWith('#')) {
            i++;
            continue;
        }
        const record = { line: i + 1, sql: [], expected: [], rowsort: false };
        if (head === 'statement ok') {
            record.kind = 'ok';
        } else if (head === 'statement error') {
            record.kind = 'error';
        } else if (head.startsWith('query ')) {
            record.kind = 'query';
            record.rowsort = head.includes('rowsort');
        } else {
            throw new Error(`${file}:${i + 1}: unknown record '${head}'`);
        }
        for (i++; i < lines.length && lines[i] !== '' && lines[i] !== '----'; i++) {
            record.sql.push(lines[i]);
        }
        if (i < lines.length && lines[i] === '----') {
            for (i++; i < lines.length && lines[i] !== ''; i++) {
                record.expected.push(lines[i]);
            }
        }
        record.sql = record.sql.join('\n');
        records.push(record);
    }
    return records;
}

async function runFile(file) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vortex_node_slt_'));
    const failures = [];
    const instance = await DuckDBInstance.create(':memory:', { allow_unsigned_extensions: 'true' });
    const con = await instance.connect();
    try {
        await con.run(`LOAD '${extension}'`);
        for (const record of parse(file)) {
            const sql = record.sql.replaceAll('__TEST_DIR__', dir).replaceAll('__PROJECT_DIR__', projectDir);
            const where = `${file}:${record.line}`;
            if (record.kind === 'error') {
                let message = null;
                try {
                    await con.run(sql);
                } catch (e) {
                    message = String(e.message);
                }
                if (message === null) {
                    failures.push(`${where}: expected an error\n${sql}`);
                } else if (record.expected.length > 0 && !message.includes(record.expected[0])) {
                    failures.push(`${where}: error '${message}' lacks '${record.expected[0]}'`);
                }
                continue;
            }
            if (record.kind === 'ok') {
                await con.run(sql);
                continue;
            }
            // Every value as DuckDB's VARCHAR cast, NULL as NULL; the subquery keeps its order.
            const reader = await con.runAndReadAll(`SELECT COLUMNS(*)::VARCHAR FROM (${sql})`);
            let rows = reader.getRows().map((row) => row.map((v) => (v === null ? 'NULL' : String(v))).join('\t'));
            let expected = [...record.expected];
            if (record.rowsort) {
                rows = rows.sort();
                expected = expected.sort();
            }
            if (JSON.stringify(rows) !== JSON.stringify(expected)) {
                failures.push(`${where}\n${sql}\n  got:      ${JSON.stringify(rows)}\n  expected: ${JSON.stringify(expected)}`);
            }
        }
    } catch (e) {
        failures.push(`${file}: ${e.message}`);
    } finally {
        con.closeSync?.();
        fs.rmSync(dir, { recursive: true, force: true });
    }
    return failures;
}

const files = fs.readdirSync(testDir).filter((f) => f.endsWith('.test')).sort();
let failed = 0;
for (const name of files) {
    const failures = await runFile(path.join(testDir, name));
    console.log(`${failures.length === 0 ? 'ok  ' : 'FAIL'} ${name}`);
    for (const failure of failures) {
        console.log(failure);
    }
    failed += failures.length === 0 ? 0 : 1;
}
console.log(`DuckDB ${version()} in Node ${process.version}: ${files.length - failed} of ${files.length} files passed`);
process.exit(failed === 0 && files.length > 0 ? 0 : 1);
