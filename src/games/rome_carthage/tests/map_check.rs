//! The map file's sanity properties M1–M18 (spec 2.4), the mutation checks, and scenario 28.

use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};

use crate::engine::Views;
use crate::games::rome_carthage::RomeCarthage;
use crate::games::rome_carthage::data::{Board, MAP_FILE, MAP_JSON, MapFile, board};

const STATES: [&str; 4] = ["rome", "carthage", "byzance", "alexandrie"];

struct Graphs {
    index: HashMap<String, usize>,
    roads: Vec<Vec<usize>>,
    galley: Vec<Vec<usize>>,
    any: Vec<Vec<usize>>,
}

fn graphs(map: &MapFile) -> Graphs {
    let index: HashMap<String, usize> = map.cities.iter().enumerate().map(|(i, c)| (c.id.clone(), i)).collect();
    let build = |lists: &[&Vec<[String; 2]>]| {
        let mut adjacency = vec![Vec::new(); map.cities.len()];
        for list in lists {
            for [a, b] in list.iter() {
                if let (Some(&a), Some(&b)) = (index.get(a), index.get(b))
                    && !adjacency[a].contains(&b)
                {
                    adjacency[a].push(b);
                    adjacency[b].push(a);
                }
            }
        }
        adjacency
    };
    Graphs {
        roads: build(&[&map.roads]),
        galley: build(&[&map.coast, &map.sea]),
        any: build(&[&map.roads, &map.coast, &map.sea]),
        index,
    }
}

fn distances(net: &[Vec<usize>], from: usize) -> Vec<usize> {
    let mut dist = vec![usize::MAX; net.len()];
    dist[from] = 0;
    let mut queue = VecDeque::from([from]);
    while let Some(at) = queue.pop_front() {
        for &next in &net[at] {
            if dist[next] == usize::MAX {
                dist[next] = dist[at] + 1;
                queue.push_back(next);
            }
        }
    }
    dist
}

/// Connected using only `net` restricted to `nodes`.
fn connected(net: &[Vec<usize>], nodes: &[usize]) -> bool {
    let Some(&first) = nodes.first() else {
        return true;
    };
    let set: HashSet<usize> = nodes.iter().copied().collect();
    let mut seen = HashSet::from([first]);
    let mut queue = VecDeque::from([first]);
    while let Some(at) = queue.pop_front() {
        for &next in &net[at] {
            if set.contains(&next) && seen.insert(next) {
                queue.push_back(next);
            }
        }
    }
    seen.len() == set.len()
}

fn xy(map: &MapFile, city: usize) -> (f64, f64) {
    let c = &map.cities[city];
    (c.lon * 38f64.to_radians().cos(), c.lat)
}

/// The clockwise order computed from the capitals' positions (M18).
fn clockwise_from_positions(map: &MapFile, g: &Graphs) -> Vec<String> {
    let capitals: Vec<(String, (f64, f64))> = STATES
        .iter()
        .filter_map(|s| g.index.get(*s).map(|&i| (s.to_string(), xy(map, i))))
        .collect();
    let n = capitals.len() as f64;
    let cx = capitals.iter().map(|(_, p)| p.0).sum::<f64>() / n;
    let cy = capitals.iter().map(|(_, p)| p.1).sum::<f64>() / n;
    let mut by_angle: Vec<(f64, String)> = capitals
        .into_iter()
        .map(|(s, (x, y))| ((y - cy).atan2(x - cx), s))
        .collect();
    by_angle.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut order: Vec<String> = by_angle.into_iter().map(|(_, s)| s).collect();
    if let Some(start) = order.iter().position(|s| s == "rome") {
        order.rotate_left(start);
    }
    order
}

/// The names of the properties that fail.
fn failures(map: &MapFile) -> BTreeSet<&'static str> {
    let mut failed = BTreeSet::new();
    let mut check = |name: &'static str, ok: bool| {
        if !ok {
            failed.insert(name);
        }
    };
    let g = graphs(map);
    let city = |id: &str| g.index.get(id).map(|&i| &map.cities[i]);
    // M1
    check("M1", map.schema_version == 2);
    // M2
    let suits = ["clubs", "diamonds", "hearts", "spades"];
    check(
        "M2",
        map.states.len() == 4
            && map
                .states
                .iter()
                .zip(STATES.iter().zip(suits))
                .all(|(st, (id, suit))| st.id == *id && st.capital == st.id && st.suit == suit),
    );
    // M3
    let mut sorted_cw = map.clockwise_order.clone();
    sorted_cw.sort();
    let mut sorted_states: Vec<String> = STATES.iter().map(|s| s.to_string()).collect();
    sorted_states.sort();
    check("M3", sorted_cw == sorted_states && map.clockwise_order.first().map(String::as_str) == Some("rome"));
    // M4
    let ids: HashSet<&str> = map.cities.iter().map(|c| c.id.as_str()).collect();
    let id_ok = |id: &str| {
        let mut chars = id.chars();
        chars.next().is_some_and(|c| c.is_ascii_lowercase())
            && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    };
    check(
        "M4",
        map.cities.len() == 56
            && ids.len() == 56
            && map
                .cities
                .iter()
                .all(|c| id_ok(&c.id) && STATES.contains(&c.state.as_str()) && !c.landmass.is_empty()),
    );
    // M5
    check(
        "M5",
        STATES.iter().all(|s| {
            let cities: Vec<_> = map.cities.iter().filter(|c| c.state == *s).collect();
            let capitals: Vec<_> = cities.iter().filter(|c| c.is_capital).collect();
            cities.len() == 14
                && cities.iter().filter(|c| c.is_port).count() == 7
                && capitals.len() == 1
                && capitals[0].id == *s
                && capitals[0].is_port
        }),
    );
    // M6
    let lists = [&map.roads, &map.coast, &map.sea, &map.strait_roads];
    check(
        "M6",
        lists.iter().all(|list| {
            list.iter()
                .all(|[a, b]| a != b && ids.contains(a.as_str()) && ids.contains(b.as_str()) && a < b)
                && list.windows(2).all(|w| w[0] < w[1])
        }),
    );
    // M7
    let port = |id: &str| city(id).is_some_and(|c| c.is_port);
    let coast: HashSet<&[String; 2]> = map.coast.iter().collect();
    let roads: HashSet<&[String; 2]> = map.roads.iter().collect();
    check(
        "M7",
        map.roads
            .iter()
            .all(|[a, b]| matches!((city(a), city(b)), (Some(x), Some(y)) if x.landmass == y.landmass))
            && map.coast.iter().chain(&map.sea).all(|[a, b]| port(a) && port(b))
            && map.sea.iter().all(|e| !coast.contains(e))
            && map.strait_roads.iter().all(|e| roads.contains(e)),
    );
    // M8
    let landmasses: BTreeSet<&str> = map.cities.iter().map(|c| c.landmass.as_str()).collect();
    check(
        "M8",
        landmasses.iter().all(|l| {
            let nodes: Vec<usize> = (0..map.cities.len())
                .filter(|&i| map.cities[i].landmass == *l)
                .collect();
            connected(&g.roads, &nodes)
        }),
    );
    // M9
    check(
        "M9",
        STATES.iter().all(|s| {
            let nodes: Vec<usize> = (0..map.cities.len())
                .filter(|&i| map.cities[i].state == *s && map.cities[i].landmass == "mainland")
                .collect();
            connected(&g.roads, &nodes)
        }),
    );
    // M10
    let ports: Vec<usize> = (0..map.cities.len()).filter(|&i| map.cities[i].is_port).collect();
    check("M10", ports.len() == 28 && connected(&g.galley, &ports));
    // M11
    check("M11", g.any.iter().all(|n| (2..=5).contains(&n.len())));
    let cap = |s: &str| g.index.get(s).copied();
    let Some(capitals) = STATES.iter().map(|s| cap(s)).collect::<Option<Vec<usize>>>() else {
        failed.insert("M12");
        return failed;
    };
    let road_d: Vec<Vec<usize>> = capitals.iter().map(|&c| distances(&g.roads, c)).collect();
    let galley_d: Vec<Vec<usize>> = capitals.iter().map(|&c| distances(&g.galley, c)).collect();
    if map.substitute {
        // M12
        let expected_road = [[0, 11, 7, 18], [11, 0, 16, 7], [7, 16, 0, 11], [18, 7, 11, 0]];
        check("M12", (0..4).all(|i| (0..4).all(|j| road_d[i][capitals[j]] == expected_road[i][j])));
        // M13
        let expected_galley = [[0, 4, 4, 5], [4, 0, 5, 4], [4, 5, 0, 4], [5, 4, 4, 0]];
        check("M13", (0..4).all(|i| (0..4).all(|j| galley_d[i][capitals[j]] == expected_galley[i][j])));
        // M14, M15
        let cw: Vec<usize> = map
            .clockwise_order
            .iter()
            .filter_map(|s| STATES.iter().position(|x| x == s))
            .collect();
        let mut m14 = cw.len() == 4;
        let mut m15 = cw.len() == 4;
        for (k, &s) in cw.iter().enumerate() {
            if cw.len() != 4 {
                break;
            }
            let ring = [cw[(k + 1) % 4], cw[(k + 3) % 4]];
            let opposite = cw[(k + 2) % 4];
            let mut roads: Vec<usize> = ring.iter().map(|&r| road_d[s][capitals[r]]).collect();
            roads.sort();
            let galleys: Vec<usize> = ring.iter().map(|&r| galley_d[s][capitals[r]]).collect();
            m14 &= roads == [7, 11] && galleys == [4, 4] && galley_d[s][capitals[opposite]] == 5;
            let ring_cities: Vec<usize> = (0..map.cities.len())
                .filter(|&i| ring.iter().any(|&r| map.cities[i].state == STATES[r]))
                .collect();
            let by_road: Vec<usize> = (1..=6)
                .map(|k| ring_cities.iter().filter(|&&c| road_d[s][c] <= k).count())
                .collect();
            let by_sea: Vec<usize> = (1..=3)
                .map(|k| {
                    ring_cities
                        .iter()
                        .filter(|&&c| map.cities[c].is_port && galley_d[s][c] <= k)
                        .count()
                })
                .collect();
            m15 &= by_road == [0, 0, 0, 1, 2, 5] && by_sea == [0, 1, 4];
        }
        check("M14", m14);
        check("M15", m15);
        // M16
        check("M16", (0..4).all(|s| g.any[capitals[s]].iter().all(|&n| map.cities[n].state == STATES[s])));
    }
    // M17
    let o = |a: (f64, f64), b: (f64, f64), c: (f64, f64)| (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0);
    let segments: Vec<[usize; 2]> = map
        .roads
        .iter()
        .filter_map(|[a, b]| Some([*g.index.get(a)?, *g.index.get(b)?]))
        .collect();
    let mut crossing = false;
    for (i, &[p, q]) in segments.iter().enumerate() {
        for &[r, t] in &segments[i + 1..] {
            let ends: HashSet<usize> = [p, q, r, t].into_iter().collect();
            if ends.len() < 4 {
                continue;
            }
            let (p, q, r, t) = (xy(map, p), xy(map, q), xy(map, r), xy(map, t));
            if o(r, t, p) * o(r, t, q) < 0.0 && o(p, q, r) * o(p, q, t) < 0.0 {
                crossing = true;
            }
        }
    }
    check("M17", !crossing);
    // M18
    check("M18", clockwise_from_positions(map, &g) == map.clockwise_order);
    failed
}

#[test]
fn scenario_28_map_file() {
    let map: &MapFile = &MAP_FILE;
    assert!(map.substitute, "the shipped map is the designed substitute");
    assert!(!map.substitute_note.is_empty());
    assert_eq!(map.game, "rome_et_carthage");
    assert_eq!(failures(map), BTreeSet::new(), "M1–M18 all hold");

    // Mutation: a sea lane alexandrie–rhodes breaks exposure and capital isolation.
    let mut sea = map.clone();
    sea.sea.push(["alexandrie".into(), "rhodes".into()]);
    sea.sea.sort();
    let failed = failures(&sea);
    assert!(failed.contains("M15") && failed.contains("M16"), "{failed:?}");

    // Mutation: hippone is no longer a port.
    let mut hippone = map.clone();
    hippone
        .cities
        .iter_mut()
        .filter(|c| c.id == "hippone")
        .for_each(|c| c.is_port = false);
    let failed = failures(&hippone);
    assert!(failed.contains("M5") && failed.contains("M7"), "{failed:?}");

    // Mutation: a road rome–tarente keeps every property.
    let mut road = map.clone();
    road.roads.push(["rome".into(), "tarente".into()]);
    road.roads.sort();
    assert_eq!(failures(&road), BTreeSet::new());

    let g = graphs(map);
    let (rome, byzance, carthage) = (g.index["rome"], g.index["byzance"], g.index["carthage"]);
    assert_eq!(distances(&g.roads, rome)[byzance], 7);
    assert_eq!(distances(&g.galley, rome)[carthage], 4);
    assert_eq!(clockwise_from_positions(map, &g), ["rome", "byzance", "alexandrie", "carthage"]);
}

#[test]
fn the_rules_board_is_built_from_the_file() {
    let b: &Board = board();
    assert_eq!(b.city_count(), 56);
    assert_eq!(b.land.iter().map(Vec::len).sum::<usize>(), 2 * MAP_FILE.roads.len());
    let galley_edges = MAP_FILE.coast.len() + MAP_FILE.sea.len();
    assert_eq!(b.galley.iter().map(Vec::len).sum::<usize>(), 2 * galley_edges);
    // Canonical states, their capitals and suits (D2); clockwise order from the file.
    for (s, id) in ["rome", "carthage", "byzance", "alexandrie"].iter().enumerate() {
        assert_eq!(b.cities[b.capital[s] as usize].id, *id);
        assert!(b.cities[b.capital[s] as usize].capital && b.cities[b.capital[s] as usize].port);
        assert_eq!(b.suit_of_state[s] as usize, s);
    }
    assert_eq!(b.clockwise, [0, 2, 3, 1]);
    // Caralis, Rhodes and Salamine are islands without roads.
    for island in ["caralis", "rhodes", "salamine"] {
        assert!(b.land[b.index[island] as usize].is_empty(), "{island}");
    }
}

#[test]
fn the_map_is_served_with_coordinates() {
    let map = RomeCarthage::map().expect("the title has a map");
    assert_eq!(map, &serde_json::from_str::<serde_json::Value>(MAP_JSON).unwrap());
    assert_eq!(map["substitute"], true);
    let cities = map["cities"].as_array().unwrap();
    assert_eq!(cities.len(), 56);
    assert!(cities.iter().all(|c| c["lon"].is_f64() && c["lat"].is_f64()));
}
