import { route } from '../route-table.ts';
import { uploadResponse } from '../uploads.ts';

/** Pictures: the body is multipart/form-data (field `image`), read by the handler, not a JSON schema. */
export const uploadsApi = {
  upload: route({
    method: 'POST',
    path: '/uploads',
    tag: 'uploads',
    summary: 'Signed in: upload a picture (multipart field `image`); answers like the image host of the spec',
    access: { allow: 'signed-in', note: 'issue 9: pictures need a signed-in user' },
    fileField: 'image',
    status: 201,
    response: uploadResponse,
    errors: [413, 415],
  }),
};
