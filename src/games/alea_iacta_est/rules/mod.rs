//! `setup` and `decide`: validation, the events of an action, and every automatic step that follows (spec 4, 6).
//! Randomness comes only from a `Chance` source, so tests can inject outcomes (D3).

mod placement;
pub mod scoring;

use rand::Rng;
use rand::seq::SliceRandom;

use crate::engine::{GameRng, RuleError};

use super::data::DATA;
use super::ids::{CardId, FavourId, InhabitantId, ProvinceId, SeatId};
use super::state::{Combo, FACES, State, forum_place};
use super::types::{
    AleaIactaEstAction as Action, AleaIactaEstBuilding as Building, AleaIactaEstEvaluatedBuilding as Evaluated,
    AleaIactaEstEvent as Event, AleaIactaEstFavourToken as FavourToken, AleaIactaEstForumDie as ForumDie,
    AleaIactaEstGroup as GroupView, AleaIactaEstPhase as Step, AleaIactaEstSeatCount as SeatCount,
    AleaIactaEstTemplumResult as TemplumResult,
};
pub(super) use placement::check_place;
use placement::place_actions;
pub use placement::sub_multisets;

/// A source of chance outcomes.
pub trait Chance {
    /// One die roll, 1..=6.
    fn die(&mut self) -> u8;
    /// A permutation of `0..len`: position i of the shuffled pile holds item `perm[i]` of the old order.
    fn permutation(&mut self, len: usize) -> Vec<usize>;
}

/// Chance from the engine's seeded generator.
pub struct RngChance<'a>(pub &'a mut GameRng);

impl Chance for RngChance<'_> {
    fn die(&mut self) -> u8 {
        self.0.random_range(1..=FACES)
    }

    fn permutation(&mut self, len: usize) -> Vec<usize> {
        let mut perm: Vec<usize> = (0..len).collect();
        perm.shuffle(self.0);
        perm
    }
}

fn shuffled<T: Copy>(chance: &mut dyn Chance, items: &[T]) -> Vec<T> {
    let perm = chance.permutation(items.len());
    let mut seen = vec![false; items.len()];
    let valid = perm.len() == items.len()
        && perm
            .iter()
            .all(|&i| i < items.len() && !std::mem::replace(&mut seen[i], true));
    if valid {
        perm.iter().map(|&i| items[i]).collect()
    } else {
        items.to_vec()
    }
}

struct Ctx<'a> {
    state: State,
    events: Vec<Event>,
    chance: &'a mut dyn Chance,
}

impl Ctx<'_> {
    fn emit(&mut self, event: Event) {
        self.state.evolve(&event);
        self.events.push(event);
    }

    fn roll(&mut self, count: usize) -> Vec<u8> {
        (0..count).map(|_| self.chance.die().clamp(1, FACES)).collect()
    }

    /// Draws `count` favour tokens for `seat`, reshuffling the discard pile when the draw pile runs out (A3, D12).
    fn draw_favour(&mut self, seat: usize, mut count: usize) {
        while count > 0 {
            let take = count.min(self.state.favour_pile.len());
            if take > 0 {
                let tokens: Vec<FavourToken> = self.state.favour_pile[..take]
                    .iter()
                    .map(|&t| FavourToken::of(t))
                    .collect();
                self.emit(Event::FavourDrawn {
                    seat: SeatId::of(seat),
                    count: take as u8,
                    tokens: Some(tokens),
                });
                count -= take;
            }
            if count == 0 || self.state.favour_discard.is_empty() {
                break;
            }
            let order = shuffled(self.chance, &self.state.favour_discard);
            self.emit(Event::FavourReshuffled {
                count: order.len() as u8,
                order: Some(order),
            });
        }
    }

    /// Runs automatic steps until a seat must decide or the game is over.
    fn run(&mut self) {
        loop {
            let s = &self.state;
            let n = s.n;
            match s.step {
                Step::TurnDecide | Step::GameEnd => return,
                Step::RoundStart => {
                    let provinces: Vec<ProvinceId> = s
                        .province_pile
                        .iter()
                        .take(s.params.provinces_per_round)
                        .copied()
                        .collect();
                    let inhabitants: Vec<InhabitantId> = s
                        .inhabitant_pile
                        .iter()
                        .take(s.params.inhabitants_per_round)
                        .copied()
                        .collect();
                    let event = Event::RoundStarted {
                        round: s.round + 1,
                        first_player: SeatId::of(s.marker),
                        provinces,
                        inhabitants,
                    };
                    self.emit(event);
                }
                Step::TurnRoll => {
                    let seat = s.current;
                    let count = s.seats[seat].hand.size as usize;
                    let values = self.roll(count);
                    self.emit(Event::DiceRolled {
                        seat: SeatId::of(seat),
                        values,
                    });
                }
                Step::TurnEnd => {
                    let seat = s.current;
                    let event = Event::TurnEnded {
                        seat: SeatId::of(seat),
                        hand_empty: s.seats[seat].hand.size == 0,
                        next: s.next_seat(seat).map(SeatId::of),
                    };
                    self.emit(event);
                }
                Step::RoundEnd => {
                    let to_latrina = (0..n)
                        .filter(|&i| s.seats[i].hand.size > 0)
                        .map(|i| SeatCount {
                            seat: SeatId::of(i),
                            count: s.seats[i].hand.size,
                        })
                        .collect();
                    let event = Event::RoundEnded {
                        round: s.round,
                        to_latrina,
                    };
                    self.emit(event);
                }
                Step::EvalTemplum => {
                    let event = Event::TemplumResolved {
                        results: templum_results(s),
                    };
                    self.emit(event);
                }
                Step::EvalSenatus => {
                    let ranking = s
                        .senate_ranking()
                        .into_iter()
                        .filter_map(|seat| s.straight_view(seat))
                        .collect();
                    self.emit(Event::SenateRanked { ranking });
                }
                Step::SenateDraw => {
                    let best = s.eval.senate_ranking.first().copied().unwrap_or(0);
                    let cards: Vec<CardId> = s.senate_deck.iter().take(3).copied().collect();
                    self.emit(Event::SenateDrawn {
                        seat: SeatId::of(best),
                        count: cards.len() as u8,
                        cards: Some(cards),
                    });
                }
                Step::SenateChoiceFirst | Step::SenateChoiceSecond => {
                    if s.eval.senate_offer.len() != 1 {
                        return;
                    }
                    let seat = s.to_act().unwrap_or(0);
                    let card = s.eval.senate_offer[0];
                    self.emit(Event::SenateKept {
                        seat: SeatId::of(seat),
                        card: Some(card),
                        automatic: true,
                    });
                }
                Step::SenatePass => {
                    let ranking = &s.eval.senate_ranking;
                    let event = Event::SenatePassed {
                        from: SeatId::of(ranking[0]),
                        to: SeatId::of(ranking[1]),
                        count: s.eval.senate_offer.len() as u8,
                        cards: Some(s.eval.senate_offer.to_vec()),
                    };
                    self.emit(event);
                }
                Step::SenateLeftover => {
                    let ranking = &s.eval.senate_ranking;
                    let chooser = s.eval.senate_last_chooser.unwrap_or(ranking[0]);
                    let after_second = ranking.get(1) == Some(&chooser);
                    let event = if after_second && s.senate_third_rewarded() && !s.eval.senate_third_given {
                        Event::SenateToThird {
                            seat: SeatId::of(ranking[2]),
                            from: SeatId::of(chooser),
                            card: Some(s.eval.senate_offer[0]),
                        }
                    } else {
                        Event::SenateReturned {
                            seat: SeatId::of(chooser),
                            count: s.eval.senate_offer.len() as u8,
                            cards: Some(s.eval.senate_offer.to_vec()),
                        }
                    };
                    self.emit(event);
                }
                Step::SenateFinish => {
                    let dice = (0..n)
                        .filter(|&i| !s.eval.senate_rewarded[i])
                        .filter_map(|i| {
                            s.seats[i].straight.map(|(l, h)| SeatCount {
                                seat: SeatId::of(i),
                                count: h + 1 - l,
                            })
                        })
                        .collect();
                    self.emit(Event::DiceToLatrina {
                        building: Evaluated::Senatus,
                        dice,
                    });
                }
                Step::EvalCastrum => {
                    let ranking = s
                        .castrum_ranking()
                        .iter()
                        .map(|g| GroupView {
                            seat: SeatId::of(g.seat),
                            value: g.value,
                            size: g.size,
                        })
                        .collect();
                    self.emit(Event::CastrumRanked { ranking });
                }
                Step::CastrumPick => {
                    if s.province_display.len() != 1 {
                        return;
                    }
                    let seat = s.to_act().unwrap_or(0);
                    let province = s.province_display[0];
                    self.emit(Event::ProvinceTaken {
                        seat: SeatId::of(seat),
                        province,
                        automatic: true,
                    });
                }
                Step::CastrumFinish => {
                    let mut counts = vec![0u8; n];
                    for g in s.eval.castrum_ranking.iter().skip(s.eval.castrum_index) {
                        counts[g.seat] += g.size;
                    }
                    let dice = seat_counts(&counts);
                    self.emit(Event::DiceToLatrina {
                        building: Evaluated::Castrum,
                        dice,
                    });
                }
                Step::CastrumClear => {
                    let provinces = s.province_display.to_vec();
                    self.emit(Event::DisplayRemoved {
                        provinces,
                        inhabitants: vec![],
                    });
                }
                Step::ForumPick => {
                    if s.inhabitant_display.len() != 1 {
                        return;
                    }
                    let seat = s.to_act().unwrap_or(0);
                    let event = Event::InhabitantTaken {
                        seat: SeatId::of(seat),
                        column: s.eval.forum_index as u8 + 1,
                        inhabitant: s.inhabitant_display[0],
                        automatic: true,
                    };
                    self.emit(event);
                }
                Step::ForumFinish => {
                    let inhabitants = s.inhabitant_display.to_vec();
                    self.emit(Event::DisplayRemoved {
                        provinces: vec![],
                        inhabitants,
                    });
                }
                Step::EvalLatrina => {
                    let counts: Vec<u8> = s.seats.iter().map(|st| st.latrina).collect();
                    let awards = seat_counts(&counts);
                    self.emit(Event::RerollTokensAwarded { awards });
                }
                Step::RoundCleanup => {
                    let event = Event::FirstPlayerPassed {
                        from: SeatId::of(s.marker),
                        to: SeatId::of((s.marker + 1) % n),
                    };
                    self.emit(event);
                }
                Step::FinalScoring => {
                    let result = scoring::outcome(s);
                    self.emit(Event::GameEnd { result });
                }
            }
        }
    }
}

fn seat_counts(counts: &[u8]) -> Vec<SeatCount> {
    counts
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c > 0)
        .map(|(i, &c)| SeatCount {
            seat: SeatId::of(i),
            count: c,
        })
        .collect()
}

/// Which favour tokens each seat keeps at the Templum evaluation (7.1, D11), and which of its combinations keep none.
pub fn templum_results(state: &State) -> Vec<TemplumResult> {
    let top = state.templum_top().map(|c| c.id);
    let entitlement = |c: &Combo| if Some(c.id) == top && c.dice.len() > 1 { 2 } else { 1 };
    (0..state.n)
        .filter_map(|s| {
            let combos: Vec<&Combo> = state.templum.iter().filter(|c| c.seat == s).collect();
            let mut hidden = state.seats[s].favour_hidden;
            if combos.is_empty() && hidden.is_empty() {
                return None;
            }
            hidden.sort_by_key(|t| (std::cmp::Reverse(t.value()), *t));
            let keep = combos.iter().map(|c| entitlement(c)).sum::<usize>().min(hidden.len());
            Some(TemplumResult {
                seat: SeatId::of(s),
                kept: hidden[..keep].iter().map(|&t| FavourToken::of(t)).collect(),
                discarded: (hidden.len() - keep) as u8,
                to_latrina: unrewarded_combos(&combos, keep, entitlement),
            })
        })
        .collect()
}

/// The ids of a seat's combinations that keep none of its `kept` tokens (A6, D17): "les dés qui ne rapportent rien"
/// go to the Latrina. A seat keeps fewer tokens than it has combinations only when the favour piles ran out; the
/// seed does not say which combination earned them, so they go to the combinations holding the fewest dice in total
/// (equal totals send as many; the lowest bit mask wins), which sends the most dice to the Latrina: more reroll
/// tokens, never worse for the seat (as D11).
fn unrewarded_combos(combos: &[&Combo], kept: usize, entitlement: impl Fn(&Combo) -> usize) -> Vec<u8> {
    let sum = |mask: u32, f: &dyn Fn(&Combo) -> usize| -> usize {
        (0..combos.len())
            .filter(|i| mask & 1 << i != 0)
            .map(|i| f(combos[i]))
            .sum()
    };
    let holders = (0u32..1 << combos.len())
        .filter(|&mask| sum(mask, &entitlement) >= kept)
        .min_by_key(|&mask| (sum(mask, &|c| c.dice.len()), mask))
        .unwrap_or(0);
    (0..combos.len())
        .filter(|i| holders & 1 << i == 0)
        .map(|i| combos[i].id)
        .collect()
}

/// The setup events: shuffles, then the first round start and the first roll.
pub fn setup_with(state: &State, chance: &mut dyn Chance) -> Vec<Event> {
    let mut ctx = Ctx {
        state: state.clone(),
        events: vec![],
        chance,
    };
    let n = state.n;
    if state.templum_used() {
        let tokens: Vec<FavourId> = (0..DATA.favour.len()).map(|i| FavourId(i as u8)).collect();
        let order = shuffled(ctx.chance, &tokens);
        ctx.emit(Event::FavourPileShuffled {
            count: order.len() as u8,
            order: Some(order),
        });
    }
    let (cards, removed): (Vec<CardId>, Vec<CardId>) = (0..DATA.senate_cards.len())
        .map(|i| CardId(i as u8))
        .partition(|c| DATA.senate_cards[c.0 as usize].players.contains(&n));
    let order = shuffled(ctx.chance, &cards);
    ctx.emit(Event::SenateDeckShuffled {
        count: order.len() as u8,
        removed,
        order: Some(order),
    });
    let provinces: Vec<ProvinceId> = (0..DATA.provinces.len()).map(|i| ProvinceId(i as u8)).collect();
    let order = shuffled(ctx.chance, &provinces);
    ctx.emit(Event::ProvincePileShuffled {
        count: order.len() as u8,
        order: Some(order),
    });
    let inhabitants: Vec<InhabitantId> = (0..DATA.inhabitants.len()).map(|i| InhabitantId(i as u8)).collect();
    let order = shuffled(ctx.chance, &inhabitants);
    ctx.emit(Event::InhabitantPileShuffled {
        count: order.len() as u8,
        order: Some(order),
    });
    ctx.run();
    ctx.events
}

/// Runs the automatic steps from `state` (tests use it to drive fixtures that start at an automatic step).
pub fn run_automatic(state: &State, chance: &mut dyn Chance) -> Vec<Event> {
    let mut ctx = Ctx {
        state: state.clone(),
        events: vec![],
        chance,
    };
    ctx.run();
    ctx.events
}

fn rule(code: &'static str, message: impl Into<String>) -> RuleError {
    RuleError::new(code, message)
}

fn phase_name(step: Step) -> String {
    serde_json::to_value(step)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// A reroll: it has no automatic follow-up, so no working copy of the state is needed.
fn decide_reroll(state: &State, seat: usize, values: &[u8], chance: &mut dyn Chance) -> Result<Vec<Event>, RuleError> {
    let st = &state.seats[seat];
    if st.reroll_tokens == 0 {
        return Err(rule("no_reroll_tokens", "you have no reroll token"));
    }
    if values.is_empty() {
        return Err(rule("no_dice", "choose at least one die to reroll"));
    }
    if values.iter().any(|v| !(1..=FACES).contains(v)) {
        return Err(rule("invalid_die_value", "die values are 1 to 6"));
    }
    let mut rerolled = values.to_vec();
    rerolled.sort_unstable();
    if !st.hand.contains(&rerolled) {
        return Err(rule(
            "dice_not_in_hand",
            format!("your rolled hand does not hold the values {rerolled:?}"),
        ));
    }
    let values = (0..rerolled.len()).map(|_| chance.die().clamp(1, FACES)).collect();
    Ok(vec![Event::DiceRerolled {
        seat: SeatId::of(seat),
        rerolled,
        values,
        tokens_spent: 1,
    }])
}

/// Validates `action` by `seat` and returns its events with every automatic follow-up.
pub fn decide_with(
    state: &State,
    seat: usize,
    action: &Action,
    chance: &mut dyn Chance,
) -> Result<Vec<Event>, RuleError> {
    if state.step == Step::GameEnd {
        return Err(rule("game_over", "the game is over"));
    }
    let to_act = state.to_act();
    if to_act != Some(seat) {
        let who = to_act.map_or("", |s| SeatId::of(s).id());
        return Err(rule("not_your_turn", format!("it is not your turn; waiting for {who}")));
    }
    let id = SeatId::of(seat);
    // Validate first: a rejected action costs no copy of the state.
    match (state.step, action) {
        (Step::TurnDecide, Action::Reroll { values }) => {
            return decide_reroll(state, seat, values, chance);
        }
        (
            Step::TurnDecide,
            Action::Place {
                building,
                values,
                combo,
            },
        ) => {
            let mut sorted = *values;
            sorted.sort_unstable();
            check_place(state, seat, *building, &sorted, *combo)?;
        }
        (Step::TurnDecide, Action::LatrinaForced {}) => {
            if !place_actions(state, seat).is_empty() {
                return Err(rule(
                    "placement_possible",
                    "you can still place dice: the Latrina takes dice only when no placement is legal",
                ));
            }
            if state.seats[seat].hand.lowest().is_none() {
                return Err(rule("no_dice", "your hand is empty"));
            }
        }
        (Step::SenateChoiceFirst | Step::SenateChoiceSecond, Action::KeepSenateCard { card }) => {
            if !state.eval.senate_offer.contains(card) {
                return Err(rule(
                    "card_not_offered",
                    format!("{} is not among the cards offered to you", card.id()),
                ));
            }
        }
        (Step::CastrumPick, Action::TakeProvince { province }) => {
            if !state.province_display.contains(province) {
                return Err(rule(
                    "province_not_displayed",
                    format!("{} is not in the province display", province.id()),
                ));
            }
        }
        (Step::ForumPick, Action::TakeInhabitant { inhabitant }) => {
            if !state.inhabitant_display.contains(inhabitant) {
                return Err(rule(
                    "inhabitant_not_displayed",
                    format!("{} is not in the inhabitant display", inhabitant.id()),
                ));
            }
        }
        (step, _) => {
            return Err(rule(
                "wrong_phase",
                format!("this action is not allowed now: the game is at {}", phase_name(step)),
            ));
        }
    }
    let mut ctx = Ctx {
        state: state.clone(),
        events: vec![],
        chance,
    };
    match action {
        Action::Place {
            building,
            values,
            combo,
        } => {
            let mut values = *values;
            values.sort_unstable();
            let combo = match building {
                Building::Templum => {
                    Some(combo.unwrap_or_else(|| state.templum.iter().map(|c| c.id).max().unwrap_or(0) + 1))
                }
                _ => None,
            };
            let (pushed, to_latrina) = if *building == Building::Forum {
                let mut forum = state.forum;
                forum_place(&mut forum, state.columns(), seat, &values)
            } else {
                (vec![], vec![])
            };
            let pushed_off = pushed
                .iter()
                .map(|d| ForumDie {
                    seat: SeatId::of(d.seat),
                    value: d.value,
                })
                .collect();
            let count = values.len();
            ctx.emit(Event::DicePlaced {
                seat: id,
                building: *building,
                values: values.to_vec(),
                combo,
                pushed_off,
                to_latrina,
            });
            if *building == Building::Templum {
                ctx.draw_favour(seat, count);
            }
        }
        Action::LatrinaForced {} => {
            let value = state.seats[seat].hand.lowest().unwrap_or(1);
            ctx.emit(Event::LatrinaForced { seat: id, value });
        }
        Action::KeepSenateCard { card } => ctx.emit(Event::SenateKept {
            seat: id,
            card: Some(*card),
            automatic: false,
        }),
        Action::TakeProvince { province } => ctx.emit(Event::ProvinceTaken {
            seat: id,
            province: *province,
            automatic: false,
        }),
        Action::TakeInhabitant { inhabitant } => ctx.emit(Event::InhabitantTaken {
            seat: id,
            column: state.eval.forum_index as u8 + 1,
            inhabitant: *inhabitant,
            automatic: false,
        }),
        Action::Reroll { .. } => {}
    }
    ctx.run();
    Ok(ctx.events)
}

/// Every legal action of `seat` now, in canonical order.
pub fn legal_actions(state: &State, seat: usize) -> Vec<Action> {
    if state.to_act() != Some(seat) {
        return vec![];
    }
    match state.step {
        Step::TurnDecide => placement::turn_actions(state, seat),
        Step::SenateChoiceFirst | Step::SenateChoiceSecond => {
            let mut cards = state.eval.senate_offer;
            cards.sort();
            cards.into_iter().map(|card| Action::KeepSenateCard { card }).collect()
        }
        Step::CastrumPick => state
            .province_display
            .iter()
            .map(|&province| Action::TakeProvince { province })
            .collect(),
        Step::ForumPick => state
            .inhabitant_display
            .iter()
            .map(|&inhabitant| Action::TakeInhabitant { inhabitant })
            .collect(),
        _ => vec![],
    }
}
