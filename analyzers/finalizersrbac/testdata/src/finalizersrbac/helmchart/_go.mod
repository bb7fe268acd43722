module example.com/helmchart

go 1.26
