//! `cargo run --release -p iri-bench -- [--corpus DIR] [--samples N] [--markdown]
//! [--growth | --callgrind OP LIB]`

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let opts = match iri_bench::parse_args(args.clone()) {
        Ok(Some(o)) => o,
        Ok(None) => {
            println!("{}", iri_bench::USAGE);
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("iri-bench: {e}\n{}", iri_bench::USAGE);
            return ExitCode::from(2);
        }
    };
    let corpus = match iri_bench::load_corpus(&opts.corpus) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("iri-bench: {e}");
            return ExitCode::from(2);
        }
    };
    if cfg!(debug_assertions) {
        eprintln!("iri-bench: warning: debug build; timings are meaningless without --release");
    }
    let cfg = iri_bench::Config {
        samples: opts.samples,
        warmups: 2,
        progress: true,
        only: opts.only,
        min_sample: std::time::Duration::from_millis(opts.min_sample_ms),
    };
    if let Some((op, lib)) = &opts.callgrind {
        return match iri_bench::run_callgrind(&corpus, op, lib) {
            Ok((bytes, items)) => {
                eprintln!("callgrind pass: {op} {lib}: {items} items, {bytes} input bytes");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("iri-bench: {e}");
                ExitCode::from(2)
            }
        };
    }
    if opts.growth {
        let rows = iri_bench::run_growth(&corpus, &cfg, 100);
        print!("{}", iri_bench::render_growth(&rows));
        return ExitCode::SUCCESS;
    }
    let report = iri_bench::run(&corpus, &cfg);
    if opts.markdown {
        let mut command = String::from("cargo run --release -p iri-bench --");
        for a in &args {
            command.push(' ');
            command.push_str(a);
        }
        let machine = iri_bench::Machine::detect();
        print!(
            "{}",
            iri_bench::render_markdown(&report, &machine, &command)
        );
    } else {
        print!("{}", iri_bench::render_plain(&report));
    }
    ExitCode::SUCCESS
}
