/** A real SMTP server on loopback for the mail tests (smtp-server): what it received, and refusals on demand. */
import { SMTPServer } from "smtp-server";

export type Received = { to: string[]; data: string };

/** A loopback SMTP server that refuses the first `refusals` messages with 451, then takes them. */
export class LoopbackSmtp {
  readonly received: Received[] = [];
  refusals = 0;
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (this.refusals > 0) {
          this.refusals--;
          const refused = Object.assign(new Error("Mailbox busy, try later"), { responseCode: 451 });
          callback(refused);
          return;
        }
        this.received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  port = 0;

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    const address = this.server.server.address();
    this.port = typeof address === "object" && address ? address.port : 0;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
