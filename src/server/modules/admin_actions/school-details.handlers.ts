import { defineHandlers } from '../../framework/calls.js';
import { storedFileInfo } from '../../framework/files.js';
import { audit, inTransaction } from '../../framework/service.js';
import { defaultDetails, getSetting, putSetting, type SchoolDetails } from '../../platform/settings.js';

/** The school's details (POST /about/school/); GET /about/school/ answers them to everyone. */
export default defineHandlers('school-details', {
  save: async (ctx, { body }) => {
    const logo = body.school_logo?.trim() ?? '';
    // Only an image uploaded as a school logo is shown in every header.
    if (logo) {
      const file = await storedFileInfo(ctx, logo);
      if (!file || file.kind !== 'school-logo') throw ctx.fail('logo');
    }
    return inTransaction(ctx, async (tx) => {
      const before = await getSetting<SchoolDetails>(tx.db, 'school', defaultDetails(ctx.school.name));
      const after: SchoolDetails = {
        ...before,
        school_name: body.school_name.trim(),
        school_short_name: body.school_short_name.trim(),
        // The sidebar and older screens read short_name.
        short_name: body.school_short_name.trim(),
        phone_number: body.phone_number,
        school_address: body.school_address.trim(),
        school_logo: logo,
      };
      await putSetting(tx.db, 'school', after);
      await audit(tx, 'school-details', 'update', null, { before, after });
      return after;
    });
  },
});
