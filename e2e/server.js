// The browser suite's server: Innkeep as `npm start` runs it (dist/server/main.js), with a mail server on
// loopback to send its guests' emails to (smtp-server), so a test can read what a guest received. What the
// sink took is listed as JSON at http://127.0.0.1:$E2E_MAILBOX_PORT/messages (e2e/mailbox.ts reads it).
import http from "node:http";
import { SMTPServer } from "smtp-server";

const smtpPort = Number(process.env.E2E_SMTP_PORT);
const mailboxPort = Number(process.env.E2E_MAILBOX_PORT);
/** @type {{ to: string[]; data: string }[]} */
const received = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => {
      received.push({
        to: session.envelope.rcptTo.map((recipient) => recipient.address),
        data: Buffer.concat(chunks).toString("utf8"),
      });
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));

const mailbox = http.createServer((request, response) => {
  response.setHeader("content-type", "application/json");
  response.end(JSON.stringify(request.url === "/messages" ? received : []));
});
await new Promise((resolve) => mailbox.listen(mailboxPort, "127.0.0.1", resolve));

process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
process.env.MAIL_FROM ??= "Innkeep Hotel <desk@innkeep.test>";
await import("../dist/server/main.js");
