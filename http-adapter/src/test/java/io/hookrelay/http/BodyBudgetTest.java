package io.hookrelay.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BodyBudgetTest {
    private static final long MIB = 1024 * 1024;

    @Test
    void largeBodiesFillHalfTheBudgetAndLeaveTheRestToSmallOnes() {
        BodyBudget budget = new BodyBudget(16 * MIB);

        assertThat(budget.take(0, 4 * MIB)).isTrue();
        assertThat(budget.take(0, 4 * MIB)).isTrue();
        assertThat(budget.take(0, 2 * MIB)).as("a third large body passes half").isFalse();
        assertThat(budget.take(0, 64 * 1024)).as("a small body still fits").isTrue();
        assertThat(budget.held()).isEqualTo(8 * MIB + 64 * 1024);
    }

    @Test
    void aBodyThatGrowsPastTheLargeSizeIsHeldToTheLargeBound() {
        BodyBudget budget = new BodyBudget(4 * MIB);
        assertThat(budget.take(0, MIB)).isTrue();
        assertThat(budget.take(0, 512 * 1024)).isTrue();

        assertThat(budget.take(512 * 1024, 600 * 1024)).as("1.1 MiB is a large body; half the budget is already held").isFalse();
        assertThat(budget.held()).as("a refusal takes nothing").isEqualTo(MIB + 512 * 1024);
    }

    @Test
    void whatIsGivenBackCanBeTakenAgain() {
        BodyBudget budget = new BodyBudget(4 * MIB);
        assertThat(budget.take(0, 2 * MIB)).isTrue();
        assertThat(budget.take(0, 2 * MIB)).isFalse();

        budget.give(2 * MIB);

        assertThat(budget.take(0, 2 * MIB)).isTrue();
    }

    @Test
    void aBudgetWithoutRoomForTwoLargeBodiesIsAMistake() {
        assertThatThrownBy(() -> new BodyBudget(MIB)).isInstanceOf(IllegalArgumentException.class);
    }
}
