import 'server-only';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailAdapter, MailMessage } from './types';

/** Sends through an SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465) with nodemailer. */
export class SmtpMail implements MailAdapter {
  readonly name = 'smtp';
  private readonly transport: Transporter;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(msg: MailMessage) {
    await this.transport.sendMail({
      from: this.from,
      to: msg.to,
      subject: msg.subject,
      text: msg.text,
      html: msg.html,
      headers: msg.headers,
    });
  }
}
