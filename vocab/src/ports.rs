//! The twelve perimeter ports of a tile and the four sides they sit on.
//!
//! Ports are numbered clockwise from the north-west corner, so that a clockwise
//! quarter turn is `+3 (mod 12)` and the port facing a neighbour is a fixed map.

/// Port names in index order: side `s` owns ports `3s` (first half), `3s+1`
/// (middle) and `3s+2` (second half).
pub const PORT_NAMES: [&str; 12] = [
    "Nw", "N", "Ne", "En", "E", "Es", "Se", "S", "Sw", "Ws", "W", "Wn",
];

pub const SIDE_NAMES: [&str; 4] = ["N", "E", "S", "W"];

pub type Port = u8;
pub type Side = u8;

#[inline]
pub fn port_by_name(name: &str) -> Option<Port> {
    PORT_NAMES
        .iter()
        .position(|p| *p == name)
        .map(|p| p as Port)
}

#[inline]
pub fn side_by_name(name: &str) -> Option<Side> {
    SIDE_NAMES
        .iter()
        .position(|p| *p == name)
        .map(|p| p as Side)
}

#[inline]
pub const fn middle(side: Side) -> Port {
    side * 3 + 1
}

#[inline]
pub const fn halves(side: Side) -> [Port; 2] {
    [side * 3, side * 3 + 2]
}

#[inline]
pub const fn side_of(port: Port) -> Side {
    port / 3
}

#[inline]
pub const fn is_middle(port: Port) -> bool {
    port % 3 == 1
}

/// The port a clockwise quarter-turn rotation `r` moves `port` to.
#[inline]
pub const fn rotate(port: Port, r: u8) -> Port {
    (port + 3 * (r % 4)) % 12
}

/// Rotate a 12-bit port mask by `r` clockwise quarter turns.
#[inline]
pub const fn rotate_mask(mask: u16, r: u8) -> u16 {
    let k = 3 * (r % 4) as u32;
    ((mask << k) | (mask >> ((12 - k) % 12))) & 0x0fff
}

/// The two ports next to `port` on the perimeter ring.
#[inline]
pub const fn ring_neighbours(port: Port) -> [Port; 2] {
    [(port + 11) % 12, (port + 1) % 12]
}

/// The port of the neighbouring tile that touches `port` across its side.
#[inline]
pub const fn facing(port: Port) -> Port {
    let side = side_of(port);
    let k = port % 3;
    ((side + 2) % 4) * 3 + (2 - k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_moves_north_to_east() {
        assert_eq!(
            PORT_NAMES[rotate(port_by_name("Nw").unwrap(), 1) as usize],
            "En"
        );
        assert_eq!(
            PORT_NAMES[rotate(port_by_name("W").unwrap(), 1) as usize],
            "N"
        );
        assert_eq!(rotate_mask(0b1, 1), 0b1000);
        assert_eq!(rotate_mask(1 << 11, 1), 1 << 2);
    }

    #[test]
    fn facing_ports_pair_up() {
        assert_eq!(PORT_NAMES[facing(0) as usize], "Sw");
        assert_eq!(PORT_NAMES[facing(2) as usize], "Se");
        assert_eq!(PORT_NAMES[facing(4) as usize], "W");
        assert_eq!(PORT_NAMES[facing(3) as usize], "Wn");
        for p in 0..12 {
            assert_eq!(facing(facing(p)), p);
        }
    }
}
