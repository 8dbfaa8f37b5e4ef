import type { DerivedTable } from '../../db/derived.js';

/**
 * Class videos on their way in (spec 4 §7: PUT /upload/ answers an address, the bytes follow by
 * HTTP PUT). One row per upload: who may send it, for which class, what it will be, how much has
 * arrived and the stored parts (each a file of the file store, in order). A dropped connection
 * resumes from `received`. No resource declares it: it is the upload's own bookkeeping, like the
 * platform's `file` table, kept by the schema sync and never rebuilt from anything.
 */
export const vcUploadTable: DerivedTable = {
  name: 'vc_upload',
  version: 1,
  ddl: [
    `create table if not exists vc_upload (
      id text primary key,
      vc_class_id integer,
      user_id integer not null,
      name text not null,
      content_type text not null,
      size bigint not null,
      received bigint not null default 0,
      parts jsonb not null default '[]'::jsonb,
      created_at timestamptz not null default now(),
      completed_at timestamptz
    )`,
  ],
  fill: async () => {},
};
