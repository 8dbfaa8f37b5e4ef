/**
 * The payment gateways' signature rules, checked against the providers' published examples
 * where they publish one, else against vectors computed independently with openssl / coreutils
 * (the commands are beside each vector), never against this code's own output.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  easebuzzRequestHash, easebuzzResponseHash, EasebuzzGateway, GatewayError, generatePaytmSignature, paiseFromText, paytmParamString,
  PaytmGateway, RazorpayGateway, razorpayPaymentSignature, rupeeText, TestGateway, verifyPaytmSignature, verifyRazorpayWebhook,
} from '../../src/server/integrations/payments/index.js';
import { paytmChecksumWithSalt } from '../../src/server/integrations/payments/paytm.js';
import {
  gatewayOptions, maxPayable, onlineEnabled, parseAmount, payProblem, tdrNote,
} from '../../src/client/pages/fees/online/onlinePayModel.js';

describe('Razorpay', () => {
  // Published in razorpay/razorpay-python tests/test_client_utility.py (client auth ('key_id', 'key_secret')).
  it('computes the checkout signature of order_id|payment_id as Razorpay publishes it', () => {
    expect(razorpayPaymentSignature('key_secret', 'fake_order_id', 'fake_payment_id'))
      .toBe('b2335e3b0801106b84a7faff035df56ecffde06918c9ddd1f0fafbb37a51cc89');
  });

  // Published in razorpay/razorpay-node test/utils/razorpay-utils.spec.js (validateWebhookSignature).
  it('verifies a webhook over the exact raw body, as Razorpay publishes it', () => {
    const body = '{"a":1,"b":2,"c":{"d":3}}';
    const sig = '2fe04e22977002e6c7cb553adab8b460cb9e2a4970d5953cb27a8472752e3bbc';
    expect(verifyRazorpayWebhook(Buffer.from(body), sig, '123456')).toBe(true);
    expect(verifyRazorpayWebhook(body, sig, '123456')).toBe(true);
    // The same JSON written differently is another body.
    expect(verifyRazorpayWebhook('{"a": 1, "b": 2, "c": {"d": 3}}', sig, '123456')).toBe(false);
    expect(verifyRazorpayWebhook(body, 'sdfafds', '123456')).toBe(false);
    expect(verifyRazorpayWebhook(body, sig, 'another')).toBe(false);
    expect(verifyRazorpayWebhook(body, sig, '')).toBe(false);
    expect(verifyRazorpayWebhook(body, undefined, '123456')).toBe(false);
  });

  const rzp = new RazorpayGateway({ key_id: 'rzp_test_K', key_secret: 'key_secret' }, 'http://127.0.0.1:1');
  const stored = { orderId: 'order_Stored1', amountPaise: 150000 };

  it('accepts a checkout result signed for the stored order and ignores the order id sent back', () => {
    const sig = razorpayPaymentSignature('key_secret', 'order_Stored1', 'pay_A1');
    const r = rzp.verifyResult(stored, { razorpay_payment_id: 'pay_A1', razorpay_order_id: 'order_Whatever', razorpay_signature: sig });
    expect(r).toMatchObject({ status: 'success', paymentId: 'pay_A1' });
  });

  it('refuses a result signed for another order, even when it names that order', () => {
    const sig = razorpayPaymentSignature('key_secret', 'order_Other', 'pay_A1');
    expect(() => rzp.verifyResult(stored, { razorpay_payment_id: 'pay_A1', razorpay_order_id: 'order_Other', razorpay_signature: sig })).toThrow(GatewayError);
    expect(() => rzp.verifyResult(stored, { razorpay_payment_id: 'pay_A1', razorpay_signature: 'x'.repeat(64) })).toThrow(GatewayError);
    expect(() => rzp.verifyResult(stored, { razorpay_payment_id: 'pay_A1' })).toThrow(GatewayError);
    expect(() => rzp.verifyResult(stored, 'pay_A1')).toThrow(GatewayError);
  });

  it('reads a failed or cancelled checkout as not paid', () => {
    expect(rzp.verifyResult(stored, { error: { description: 'Card declined', metadata: { payment_id: 'pay_F1', order_id: 'order_Stored1' } } }))
      .toMatchObject({ status: 'failed', paymentId: 'pay_F1', message: 'Card declined' });
    expect(rzp.verifyResult(stored, { cancelled: true })).toMatchObject({ status: 'cancelled', paymentId: null });
  });
});

describe('Paytm checksum', () => {
  // Paytm publishes the algorithm and sample inputs (MID 'YOUR_MID_HERE', ORDERID 'YOUR_ORDER_ID_HERE' and the JSON body
  // '{"mid":"YOUR_MID_HERE","orderId":"YOUR_ORDER_ID_HERE"}' in its checksum samples) but no output for a known key, so
  // the expected checksums were made with openssl from those inputs, merchant key 'kbzk1DSbJiV_O3p5' and a fixed salt:
  //   H=$(printf '%s|%s' "$DATA" "$SALT" | sha256sum | cut -d' ' -f1)$SALT
  //   printf %s "$H" | openssl enc -aes-128-cbc -K $(printf %s "$KEY" | xxd -p) -iv $(printf %s '@@@@&&&&####$$$$' | xxd -p) -a -A
  const KEY = 'kbzk1DSbJiV_O3p5';
  const PARAMS = { MID: 'YOUR_MID_HERE', ORDERID: 'YOUR_ORDER_ID_HERE' };
  const PARAMS_SUM = 'bJUg6IXBtDz2d6fCfaiz23YEC/RAb66OGXMyTR9SRGWv3N7PgSkK47wC72tId6YR7HdDr/FLbu8Gv3886bpmH8kR3mugcKvSlED9WSQumy4=';
  const BODY = '{"mid":"YOUR_MID_HERE","orderId":"YOUR_ORDER_ID_HERE"}';
  const BODY_SUM = 'EzKkD0BwzCOCfUDZN2wW0534/RW2emYSt9xdeb4AeXnljgeOMmOLNrTfsjE4WUn6otNv0PB4xIPZm1/sB8VEYxtJv/mKv76aus61NmJsZA4=';

  it('signs parameters sorted by name and joined with |', () => {
    expect(paytmParamString({ ORDERID: 'YOUR_ORDER_ID_HERE', MID: 'YOUR_MID_HERE' })).toBe('YOUR_MID_HERE|YOUR_ORDER_ID_HERE');
    expect(paytmParamString({ B: null, A: 'null', C: 'x', CHECKSUMHASH: 'ignored' })).toBe('||x');
    expect(paytmChecksumWithSalt('YOUR_MID_HERE|YOUR_ORDER_ID_HERE', KEY, 'AbC1')).toBe(PARAMS_SUM);
    expect(paytmChecksumWithSalt(BODY, KEY, 'x9Zq')).toBe(BODY_SUM);
  });

  it('verifies the openssl-made checksums, and refuses a changed value, another key or garbage', () => {
    expect(verifyPaytmSignature(PARAMS, KEY, PARAMS_SUM)).toBe(true);
    expect(verifyPaytmSignature({ ...PARAMS, CHECKSUMHASH: PARAMS_SUM }, KEY, PARAMS_SUM)).toBe(true);
    expect(verifyPaytmSignature(BODY, KEY, BODY_SUM)).toBe(true);
    expect(verifyPaytmSignature({ ...PARAMS, ORDERID: 'YOUR_ORDER_ID_HERF' }, KEY, PARAMS_SUM)).toBe(false);
    expect(verifyPaytmSignature(PARAMS, 'kbzk1DSbJiV_O3p6', PARAMS_SUM)).toBe(false);
    expect(verifyPaytmSignature(PARAMS, KEY, 'bm90IGEgY2hlY2tzdW0=')).toBe(false);
    expect(verifyPaytmSignature(PARAMS, KEY, '')).toBe(false);
  });

  it('generates checksums with a random salt that verify', () => {
    const a = generatePaytmSignature(PARAMS, KEY);
    const b = generatePaytmSignature(PARAMS, KEY);
    expect(a).not.toBe(b);
    expect(verifyPaytmSignature(PARAMS, KEY, a)).toBe(true);
    expect(verifyPaytmSignature(BODY, KEY, generatePaytmSignature(BODY, KEY))).toBe(true);
  });

  it('accepts a signed callback for the stored order and reads its amount; refuses it for another order', () => {
    // DATA = values of BANKTXNID CURRENCY MID ORDERID RESPMSG STATUS TXNAMOUNT TXNID (sorted by name), SALT 'Qw3r'.
    const callback = {
      BANKTXNID: '777001', CURRENCY: 'INR', MID: 'YOUR_MID_HERE', ORDERID: 'F12_0123456789abcdef', RESPMSG: 'Txn Success',
      STATUS: 'TXN_SUCCESS', TXNAMOUNT: '1500.00', TXNID: '20240101111212800110168000000001',
      CHECKSUMHASH: 'X7M1KVeCQZjrIHL43pJds9M4f41iarJ4RfgySua7jTaLKXMIUZi04CbJHfVprwBcrlhvDXQ5qTcwgOTHAeLzqW0sYaL+uzfY81UjWEGUsWs=',
    };
    const paytm = new PaytmGateway({ mid: 'YOUR_MID_HERE', merchant_key: KEY }, 'http://127.0.0.1:1');
    expect(paytm.verifyResult({ orderId: 'F12_0123456789abcdef', amountPaise: 150000 }, callback))
      .toMatchObject({ status: 'success', paymentId: '20240101111212800110168000000001', amountPaise: 150000 });
    expect(() => paytm.verifyResult({ orderId: 'F12_other', amountPaise: 150000 }, callback)).toThrow(GatewayError);
    expect(() => paytm.verifyResult({ orderId: 'F12_0123456789abcdef', amountPaise: 150000 }, { ...callback, TXNAMOUNT: '15.00' })).toThrow(GatewayError);
  });
});

describe('Easebuzz hash', () => {
  // sha512 of the documented sequences, made with coreutils:
  //   printf %s 'eb_key_123|F12_0123456789abcdef|1500.00|Term 1 Fee|Aarav|parent@example.com|||||||||||eb_salt_456' | sha512sum
  //   printf %s 'eb_salt_456|success|||||||||||parent@example.com|Aarav|Term 1 Fee|1500.00|F12_0123456789abcdef|eb_key_123' | sha512sum
  const fields = { key: 'eb_key_123', txnid: 'F12_0123456789abcdef', amount: '1500.00', productinfo: 'Term 1 Fee', firstname: 'Aarav', email: 'parent@example.com' };
  const REQUEST = '2a0eaea84249f07d16c6add94aa95ca39d1042a90ad5f163d7f671eec4ee31325afc1fdf76dabad0b8d15c3d5a5496d8a310af0e6f02d093dac49000e2533b95';
  const RESPONSE = '86c5a0c5fea5e94c84b2a24a6b8fe31974655bc439d73fcb2d67d1eba3d9fce24d4bccf24c59d0aa62eb5f5be9db9663d5f7ec2fa14a1e45e3be69b7634effb8';

  it('hashes key|txnid|amount|productinfo|firstname|email|udf1..udf10|salt and the reverse sequence', () => {
    expect(easebuzzRequestHash(fields, 'eb_salt_456')).toBe(REQUEST);
    expect(easebuzzResponseHash({ ...fields, status: 'success' }, 'eb_salt_456')).toBe(RESPONSE);
  });

  it('accepts a response with its reverse hash for the stored order and refuses a changed amount', () => {
    const eb = new EasebuzzGateway({ key: 'eb_key_123', salt: 'eb_salt_456' }, 'http://127.0.0.1:1');
    const response = { ...fields, status: 'success', easepayid: 'E2401ABC', hash: RESPONSE };
    expect(eb.verifyResult({ orderId: 'F12_0123456789abcdef', amountPaise: 150000 }, response))
      .toMatchObject({ status: 'success', paymentId: 'E2401ABC', amountPaise: 150000 });
    expect(() => eb.verifyResult({ orderId: 'F12_0123456789abcdef', amountPaise: 150000 }, { ...response, amount: '1.00' })).toThrow(GatewayError);
    expect(() => eb.verifyResult({ orderId: 'F12_other', amountPaise: 150000 }, response)).toThrow(GatewayError);
  });
});

describe('test gateway', () => {
  const gw = new TestGateway('a'.repeat(64));
  const order = { orderId: 'test_order_1', amountPaise: 50000 };

  it('signs the page outcome so that only that outcome, order and amount verify', () => {
    const paid = gw.outcome(order, 'success');
    expect(paid).toMatchObject({ order_id: 'test_order_1', status: 'success', amount: 50000 });
    expect(gw.verifyResult(order, paid)).toMatchObject({ status: 'success', paymentId: paid.payment_id, amountPaise: 50000 });
    expect(gw.verifyResult(order, gw.outcome(order, 'failure')).status).toBe('failed');
    expect(gw.verifyResult(order, gw.outcome(order, 'cancel')).status).toBe('cancelled');
    const failed = gw.outcome(order, 'failure');
    expect(() => gw.verifyResult(order, { ...failed, status: 'success' })).toThrow(GatewayError);
    expect(() => gw.verifyResult({ ...order, amountPaise: 100 }, paid)).toThrow(GatewayError);
    expect(() => gw.verifyResult({ ...order, orderId: 'test_order_2' }, paid)).toThrow(GatewayError);
    expect(() => new TestGateway('b'.repeat(64)).verifyResult(order, paid)).toThrow(GatewayError);
  });
});

it('writes and reads rupee amounts exactly', () => {
  expect(rupeeText(150000)).toBe('1500.00');
  expect(rupeeText(5)).toBe('0.05');
  expect(paiseFromText('1500.00')).toBe(150000);
  expect(paiseFromText('1500.5')).toBe(150050);
  expect(paiseFromText(12.34)).toBe(1234);
  expect(paiseFromText('1e3')).toBeNull();
  expect(paiseFromText('-5')).toBeNull();
});

describe("the parent's online pay screen checks", () => {
  const settings = {
    online_fee_payment_enabled: '1',
    payment_gateway_list: [{ value: 'test', name: 'Test', enabled: true }, { value: 'razorpay', name: 'Razorpay', enabled: true }, { value: 'paytm', name: 'Paytm', enabled: false }],
    razorpay_gateway_details: { tdr_amount: 0, tdr_rate: 2, tdr_tax_rate: 18 },
  };

  it('takes the amount exactly to the paisa, never rounded, and checks amount, mode and pending in that order', () => {
    expect(parseAmount('1500')).toBe(1500);
    expect(parseAmount('1500.75')).toBe(1500.75);
    expect(parseAmount(1500.755)).toBeNull();
    expect(payProblem({ amount: 1500.755, mode: 'test' }, 1000000)).toBe('Amount can have at most 2 decimal places (paise)');
    expect(payProblem({ amount: 1000.5, mode: 'test' }, 100050)).toBeNull();
    expect(payProblem({ amount: 1000.51, mode: 'test' }, 100050)).toBe('Amount Paying cannot be more than Amount Pending');
    expect(parseAmount('')).toBeNull();
    expect(parseAmount(0)).toBeNull();
    expect(payProblem({ amount: '', mode: null }, 100000)).toBe('Amount must be entered');
    expect(payProblem({ amount: 500, mode: undefined }, 100000)).toBe('Please select payment mode');
    expect(payProblem({ amount: 1001, mode: 'test' }, 100000)).toBe('Amount Paying cannot be more than Amount Pending');
    expect(payProblem({ amount: 1000, mode: 'test' }, 100000)).toBeNull();
    expect(maxPayable(100050)).toBe(1000.5);
  });

  it('offers the enabled gateways and shows the TDR note of the chosen one', () => {
    expect(onlineEnabled(settings)).toBe(true);
    expect(onlineEnabled({ ...settings, online_fee_payment_enabled: '0' })).toBe(false);
    expect(gatewayOptions(settings)).toEqual([{ value: 'test', label: 'Test' }, { value: 'razorpay', label: 'Razorpay' }]);
    expect(tdrNote(settings, 'razorpay')).toBe('2% + taxes will be charged extra');
    expect(tdrNote(settings, 'test')).toBeNull();
    expect(tdrNote(settings, null)).toBeNull();
  });
});

describe('order creation at Paytm and Easebuzz (a local stand-in of their APIs)', () => {
  const seen: Array<{ url: string; type: string | undefined; body: string }> = [];
  let base = '';
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      seen.push({ url: req.url ?? '', type: req.headers['content-type'], body });
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/theia/api/v1/initiateTransaction')) {
        res.end(JSON.stringify({ head: {}, body: { resultInfo: { resultStatus: 'S', resultCode: '0000', resultMsg: 'Success' }, txnToken: 'tok_123' } }));
      } else if (req.url === '/payment/initiateLink') {
        res.end(JSON.stringify({ status: 1, data: 'access_abc' }));
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
  });
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));
  const req = {
    reference: 'F12_0123456789abcdef', amountPaise: 150050, description: 'Term 1 - Aarav Sharma',
    customer: { id: 'U7', name: 'Aarav Sharma', email: 'parent@example.com', mobile: '9811111111' }, returnUrl: 'http://school.test/fees/pay/installment/12',
  };

  it('signs the Paytm Initiate Transaction body and returns its token for the checkout', async () => {
    const KEY = 'kbzk1DSbJiV_O3p5';
    const order = await new PaytmGateway({ mid: 'SCHOOL00000000000001', merchant_key: KEY }, base).createOrder(req);
    expect(order.orderId).toBe(req.reference);
    expect(order.checkout).toMatchObject({ key: 'SCHOOL00000000000001', access_key: 'tok_123', total_amount: 150050, environment: 'staging' });
    const sent = seen.find((x) => x.url.startsWith('/theia/'))!;
    expect(sent.url).toBe('/theia/api/v1/initiateTransaction?mid=SCHOOL00000000000001&orderId=F12_0123456789abcdef');
    const payload = JSON.parse(sent.body);
    expect(payload.body).toMatchObject({ requestType: 'Payment', mid: 'SCHOOL00000000000001', orderId: req.reference, txnAmount: { value: '1500.50', currency: 'INR' } });
    expect(verifyPaytmSignature(JSON.stringify(payload.body), KEY, payload.head.signature)).toBe(true);
  });

  it('sends Easebuzz its form with the request hash and returns the access key', async () => {
    const order = await new EasebuzzGateway({ key: 'eb_key_123', salt: 'eb_salt_456' }, base).createOrder(req);
    expect(order.checkout).toMatchObject({ key: 'eb_key_123', access_key: 'access_abc', order_id: req.reference, environment: 'test' });
    const sent = seen.find((x) => x.url === '/payment/initiateLink')!;
    expect(sent.type).toBe('application/x-www-form-urlencoded');
    const form = Object.fromEntries(new URLSearchParams(sent.body));
    expect(form).toMatchObject({ key: 'eb_key_123', txnid: req.reference, amount: '1500.50', firstname: 'Aarav Sharma', email: 'parent@example.com', phone: '9811111111' });
    expect(form.hash).toBe(easebuzzRequestHash(form as any, 'eb_salt_456'));
  });

  it("reports a provider's refusal or absence as the gateway's error", async () => {
    await expect(new PaytmGateway({ mid: 'M', merchant_key: 'kbzk1DSbJiV_O3p5' }, `${base}/nowhere`).createOrder(req)).rejects.toThrow('Paytm did not create the order');
    await expect(new EasebuzzGateway({ key: 'k', salt: 's' }, 'http://127.0.0.1:1').createOrder(req)).rejects.toThrow('Could not reach Easebuzz; please try again');
  });
});
