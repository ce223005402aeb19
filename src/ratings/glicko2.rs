//! Glicko-2, as Glickman's "Example of the Glicko-2 system" (2012) states it: a rating, its deviation and a
//! volatility, updated once per rating period from the period's results.

use serde::{Deserialize, Serialize};

/// Glickman's conversion factor between the Glicko and Glicko-2 scales.
const SCALE: f64 = 173.7178;
/// Where every player starts.
pub const START_RATING: f64 = 1500.0;
pub const START_DEVIATION: f64 = 350.0;
pub const START_VOLATILITY: f64 = 0.06;
/// τ, how much the volatility may change: the paper suggests 0.3 to 1.2; its example uses 0.5.
pub const TAU: f64 = 0.5;
/// The volatility iteration stops when the bracket is this narrow (the paper's ε).
const EPSILON: f64 = 0.000_001;
/// A deviation is never allowed below this (a player never becomes certain), on the Glicko scale.
const MIN_DEVIATION: f64 = 30.0;

/// A player's standing on the Glicko scale.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Self {
        Self {
            rating: START_RATING,
            deviation: START_DEVIATION,
            volatility: START_VOLATILITY,
        }
    }
}

/// One result of a rating period: the opponent's standing before the period and the score (1 win, ½ draw, 0 loss).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    pub opponent: Rating,
    pub score: f64,
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

impl Rating {
    /// The standing after a rating period with these results (steps 2 to 8 of the paper). With none, only the
    /// deviation grows (step 6 alone).
    pub fn after(self, outcomes: &[Outcome], tau: f64) -> Rating {
        let mu = (self.rating - START_RATING) / SCALE;
        let phi = self.deviation / SCALE;
        if outcomes.is_empty() {
            let phi_star = (phi * phi + self.volatility * self.volatility).sqrt();
            return Rating {
                deviation: (phi_star * SCALE).min(START_DEVIATION),
                ..self
            };
        }
        let opponents: Vec<(f64, f64, f64)> = outcomes
            .iter()
            .map(|outcome| {
                let mu_j = (outcome.opponent.rating - START_RATING) / SCALE;
                let phi_j = outcome.opponent.deviation / SCALE;
                (g(phi_j), expected(mu, mu_j, phi_j), outcome.score)
            })
            .collect();
        let v = 1.0 / opponents.iter().map(|(g, e, _)| g * g * e * (1.0 - e)).sum::<f64>();
        let improvement: f64 = opponents.iter().map(|(g, e, score)| g * (score - e)).sum();
        let delta = v * improvement;
        let sigma = new_volatility(self.volatility, phi, v, delta, tau);
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * improvement;
        Rating {
            rating: SCALE * mu_new + START_RATING,
            deviation: (SCALE * phi_new).clamp(MIN_DEVIATION, START_DEVIATION),
            volatility: sigma,
        }
    }
}

/// Step 5: the new volatility, by the Illinois algorithm.
fn new_volatility(sigma: f64, phi: f64, v: f64, delta: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut f_a, mut f_b) = (f(big_a), f(big_b));
    while (big_b - big_a).abs() > EPSILON {
        let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(big_c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
    }
    (big_a / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: START_VOLATILITY,
        }
    }

    #[test]
    fn the_papers_example_ends_at_1464_06_151_52_and_0_05999() {
        let outcomes = [
            Outcome {
                opponent: player(1400.0, 30.0),
                score: 1.0,
            },
            Outcome {
                opponent: player(1550.0, 100.0),
                score: 0.0,
            },
            Outcome {
                opponent: player(1700.0, 300.0),
                score: 0.0,
            },
        ];
        let after = player(1500.0, 200.0).after(&outcomes, TAU);
        // The paper rounds its intermediate values (μ' = -0.2069): unrounded, the rating is 1464.0507 and the
        // volatility 0.0599960, which the paper gives as 0.05999.
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.005, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.000_01, "{after:?}");
    }

    #[test]
    fn a_win_raises_a_loss_lowers_a_draw_between_equals_keeps_and_an_idle_period_widens() {
        let (me, them) = (Rating::default(), Rating::default());
        let after = |score| me.after(&[Outcome { opponent: them, score }], TAU);
        assert!(after(1.0).rating > 1500.0 && after(0.0).rating < 1500.0);
        assert!((after(0.5).rating - 1500.0).abs() < 1e-9);
        assert!(after(0.5).deviation < 350.0);
        let known = player(1500.0, 50.0);
        assert!(known.after(&[], TAU).deviation > 50.0);
        assert!(Rating::default().after(&[], TAU).deviation <= START_DEVIATION);
    }

    #[test]
    fn an_upset_moves_more_than_an_expected_result() {
        let strong = player(1900.0, 80.0);
        let weak = player(1300.0, 80.0);
        let upset = weak
            .after(
                &[Outcome {
                    opponent: strong,
                    score: 1.0,
                }],
                TAU,
            )
            .rating
            - 1300.0;
        let expected = strong
            .after(
                &[Outcome {
                    opponent: weak,
                    score: 1.0,
                }],
                TAU,
            )
            .rating
            - 1900.0;
        assert!(upset > 10.0 * expected, "{upset} vs {expected}");
    }
}
