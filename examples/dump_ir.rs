//! Prints a compiled game's rule tree (a debugging aid).
fn main() {
    let Some(f) = std::env::args().nth(1) else {
        eprintln!("usage: dump_ir FILE");
        return;
    };
    match ludeme::compile_file(f.as_ref(), &ludeme::Choices::default()) {
        Ok(g) => println!("{}", g.debug_gens()),
        Err(e) => eprintln!("{e}"),
    }
}
