// SPDX-License-Identifier: GPL-3.0-or-later
// What the training page's files (training_page.cpp, _form.cpp, _charts.cpp) share; not part of the ui API.
#pragma once

#include "core/jobs/training_run.h"

#include <QComboBox>

namespace kibitz::ui::training_page_detail {

inline bool isPuzzleKind(jobs::ModelKind kind) { return kind == jobs::ModelKind::Puzzle; }

/// The kind chosen in the form's combo box (its item data are the kinds' names).
inline jobs::ModelKind comboKind(const QComboBox* box) {
    const auto kind = jobs::parseModelKind(box->currentData().toString());
    return kind.ok() ? kind.value() : jobs::ModelKind::Human;
}

}  // namespace kibitz::ui::training_page_detail
