// Reads {"secret","headers","body_base64"} on stdin; prints "verified" when the Standard Webhooks library
// accepts the message under that secret, or "refused: <why>". Timestamps are checked as the library does.
const { Webhook } = require('standardwebhooks');

let input = '';
process.stdin.on('data', (chunk) => { input += chunk; });
process.stdin.on('end', () => {
  const message = JSON.parse(input);
  try {
    new Webhook(message.secret).verify(Buffer.from(message.body_base64, 'base64'), message.headers, { jsonParse: false });
    console.log('verified');
  } catch (e) {
    console.log('refused: ' + e.message);
  }
});
