fn main() {
    for a in std::env::args().skip(1) {
        match uriscan::UriRef::parse(&a) {
            Ok(u) => println!("{:?}", u),
            Err(e) => println!("ERR {} ({:?})", e, e),
        }
    }
}
