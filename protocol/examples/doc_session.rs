//! Prints the replies to the request lines on standard input as `docs/protocol.md`
//! shows them (for writing the documentation's example session):
//! `cargo run -p castellan-protocol --example doc_session < requests.jsonl`.

use std::io::BufRead;

fn main() {
    let workspace = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("a workspace member")
        .to_path_buf();
    let mut session = castellan_protocol::Session::new()
        .with_boards_dir(workspace.join("data/boards"))
        .with_base_dir(workspace);
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("a line of input");
        for reply in session.handle_line(&line) {
            println!("```json chateau-request\n{line}\n```\n");
            println!(
                "```json chateau-reply\n{}\n```\n",
                serde_json::to_string_pretty(&reply).expect("a reply is JSON")
            );
        }
    }
}
