import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../src/shared/registry.js';
import { ROLE_NAMES, roleId, roleIds } from '../../src/shared/roles.js';
import { defaultUpload, extensionOf, findUpload, uploadProblem, type UploadDef } from '../../src/shared/uploads.js';

describe('declared upload kinds', () => {
  it('names every kind once across the product, each admitting some role', () => {
    const seen = new Map<string, string>();
    for (const r of RESOURCES) {
      for (const [kind, def] of Object.entries(r.uploads ?? {})) {
        expect(seen.get(kind), `${kind} is declared by ${seen.get(kind)} and ${r.name}`).toBeUndefined();
        seen.set(kind, r.name);
        expect(r.access[def.permission], `${r.name} ${kind}: ${def.permission} has no roles`).toBeTruthy();
        const roles = roleIds(r.access[def.permission]!);
        if (def.roles) for (const x of roleIds(def.roles)) expect(roles, `${r.name} ${kind}`).toContain(x);
      }
    }
    expect(seen.get('documents')).toBe('students');
    expect(findUpload(RESOURCES, 'toString')).toBeUndefined();
  });

  it('gives an upload without a kind one kind per role: the one its screen sends, else the one general kind', () => {
    const kinds = RESOURCES.flatMap((r) => Object.entries(r.uploads ?? {}).map(([kind, def]) => ({ kind, r, def })));
    expect(kinds.filter((k) => k.def.general).map((k) => k.kind)).toEqual(['uploads']);
    for (const role of ROLE_NAMES) {
      const named = kinds.filter((k) => k.def.defaultFor?.includes(role));
      expect(named.length, role).toBeLessThanOrEqual(1);
      // A role a kind is the default of may send it.
      for (const k of named) expect(roleIds(k.r.access[k.def.permission]), `${k.kind} ${role}`).toContain(roleId(role));
    }
    expect(defaultUpload(RESOURCES, roleId('teacher'))?.kind).toBe('notes');
    expect(defaultUpload(RESOURCES, roleId('admin'))?.kind).toBe('uploads');
    expect(defaultUpload(RESOURCES, undefined)?.kind).toBe('uploads');
  });

  it('judges a file by its extension, its bytes and its size', () => {
    const pdfOrDoc: UploadDef = { permission: 'create', types: ['pdf', 'docx'], maxBytes: 1000, messages: { type: '{file} file upload failed.' } };
    expect(extensionOf('Report.Final.PDF')).toBe('pdf');
    expect(extensionOf('.bashrc')).toBe('');
    expect(uploadProblem(pdfOrDoc, { name: 'notes.pdf', size: 10 })).toBeNull();
    expect(uploadProblem(pdfOrDoc, { name: 'notes.exe', size: 10 })).toBe('notes.exe file upload failed.');
    // A file named .pdf must start like a PDF; a .docx has no signature we check.
    expect(uploadProblem(pdfOrDoc, { name: 'notes.pdf', size: 10 }, null)).toBe('notes.pdf file upload failed.');
    expect(uploadProblem(pdfOrDoc, { name: 'notes.pdf', size: 10 }, 'application/pdf')).toBeNull();
    expect(uploadProblem(pdfOrDoc, { name: 'notes.docx', size: 10 }, null)).toBeNull();
    expect(uploadProblem(pdfOrDoc, { name: 'big.pdf', size: 1001 })).toBe('The file must be at most 1 kB');
    expect(uploadProblem(pdfOrDoc, { name: 'empty.pdf', size: 0 })).toBe('The file is empty');
    expect(uploadProblem({ permission: 'update', maxBytes: 5 }, { name: 'anything.bin', size: 5 })).toBeNull();
  });
});
