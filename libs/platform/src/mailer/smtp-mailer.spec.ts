import { startSmtpCapture, type SmtpCapture } from '@quire/testing';
import { SmtpMailer } from './smtp-mailer';

describe(SmtpMailer.name, () => {
  let capture: SmtpCapture;
  let sut: SmtpMailer;

  beforeEach(async () => {
    capture = await startSmtpCapture();
    sut = new SmtpMailer({ url: capture.url, from: 'Quire <noreply@quire.test>' });
  });

  afterEach(async () => {
    sut.close();
    await capture.stop();
  });

  it('delivers a plain text message to the SMTP server', async () => {
    await sut.send({ to: 'alice@example.com', subject: 'Reset your password', text: 'Open this link to reset: http://quire.test/r/abc' });

    await capture.waitFor(1);
    expect(capture.messages[0]).toMatchObject({
      to: 'alice@example.com',
      subject: 'Reset your password',
      text: 'Open this link to reset: http://quire.test/r/abc',
    });
    expect(capture.messages[0]?.raw).toMatch(/^From: Quire <noreply@quire\.test>$/m);
  });

  it('delivers the html alternative and non-ASCII text intact', async () => {
    const text = '您好，请点击链接重置密码。'.repeat(10);

    await sut.send({ to: 'bob@example.com', subject: '重置密码', text, html: '<p>您好 <b>Bob</b></p>' });

    await capture.waitFor(1);
    expect(capture.messages[0]).toMatchObject({ to: 'bob@example.com', subject: '重置密码', text, html: '<p>您好 <b>Bob</b></p>' });
  });

  it('answers ping when the server accepts connections', async () => {
    await expect(sut.ping()).resolves.toBeUndefined();
  });

  it('rejects when no SMTP server listens', async () => {
    await capture.stop();
    const unreachable = new SmtpMailer({ url: capture.url, from: 'noreply@quire.test' });

    await expect(unreachable.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow();

    capture = await startSmtpCapture();
  });
});
