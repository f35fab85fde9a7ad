/** Credentials for tests; the secret is the one of the shared signature vectors 3-5. */
import type { VenueCredentialsInput } from '../../src/venue/credentials.js';

export const TEST_CREDENTIALS: VenueCredentialsInput = {
  address: '0xAbC0000000000000000000000000000000000001',
  apiKey: '1f0c1c9e-6d3a-4f7e-9a51-2b8f3c4d5e6f',
  passphrase: 'ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12',
  secret: 'c2VydmljZS1zZWNyZXQtZm9yLXRlc3RzLTAwMDE_-w==',
};
